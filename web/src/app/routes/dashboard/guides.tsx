import type { ReactElement } from 'react';
import { APP_TITLES } from '../../../config/page-heads';
import { PageHeader } from '../../../features/dashboard/components/dashboard-shell';
import { GuidesGrid } from '../../../features/guides/components/guides-grid';

export default function GuidesPage(): ReactElement {
  return (
    <>
      <PageHeader title={APP_TITLES.guides} subtitle="Short walkthroughs of everything the studio can do." />
      <GuidesGrid />
    </>
  );
}
