import type { ReactElement } from 'react';
import { PageHeader } from '../../../features/dashboard/components/dashboard-shell';
import { AnalyticsPage } from '../../../features/analytics/components/analytics-page';
import { useAuth } from '../../../lib/auth';
import { useDocumentTitle } from '../../../lib/use-document-title';
import { NotFound } from '../root';

/** Analysts only: anyone else who types the URL gets the 404 page (issue 14). */
export default function AnalyticsRoute(): ReactElement {
  const { user } = useAuth();
  useDocumentTitle('Analytics');
  if (!user?.roles.includes('analyst')) return <NotFound />;
  return (
    <>
      <PageHeader title="Analytics" subtitle="The event log, replayed: product stats, every event, and the read models built from them." />
      <AnalyticsPage />
    </>
  );
}
