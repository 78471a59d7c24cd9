import type { ReactElement } from 'react';
import { APP_TITLES } from '../../../config/page-heads';
import { PageHeader } from '../../../features/dashboard/components/dashboard-shell';
import { AffiliatePanel } from '../../../features/affiliates/components/affiliate-panel';

export default function AffiliatesPage(): ReactElement {
  return (
    <>
      <PageHeader title={APP_TITLES.affiliates} subtitle="Share the studio with other creators and get paid." />
      <AffiliatePanel />
    </>
  );
}
