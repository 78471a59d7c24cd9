import type { ReactElement } from 'react';
import { APP_TITLES } from '../../../config/page-heads';
import { PageHeader } from '../../../features/dashboard/components/dashboard-shell';
import { AnalyticsPage } from '../../../features/analytics/components/analytics-page';
import { useAuth } from '../../../lib/auth';
import { NotFound, PageLoader } from '../root';

/** Analysts only: anyone else who types the URL gets the 404 page (issue 14). */
export default function AnalyticsRoute(): ReactElement {
  const { user, isLoading } = useAuth();
  // The guard lets the page render while the user loads: whether it is theirs to see waits for the user.
  if (isLoading) return <PageLoader />;
  if (!user?.roles.includes('analyst')) return <NotFound />;
  return (
    <>
      <PageHeader title={APP_TITLES.analytics} subtitle="The event log, replayed: product stats, every event, and the read models built from them." />
      <AnalyticsPage />
    </>
  );
}
