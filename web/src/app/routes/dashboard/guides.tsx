import type { ReactElement } from 'react';
import { PageHeader } from '../../../features/dashboard/components/dashboard-shell';
import { GuidesGrid } from '../../../features/guides/components/guides-grid';

export default function GuidesPage(): ReactElement {
  return (
    <>
      <PageHeader title="Video Guides" subtitle="Short walkthroughs of everything the studio can do." />
      <GuidesGrid />
    </>
  );
}
