import type { ReactElement } from 'react';
import { PageHeader } from '../../../features/dashboard/components/dashboard-shell';
import { YourVideos } from '../../../features/videos/components/your-videos';

/** /dashboard/view: every video, newest first. */
export default function ViewPage(): ReactElement {
  return (
    <>
      <PageHeader title="View" subtitle="Watch, caption, download and publish your videos." />
      <YourVideos />
    </>
  );
}
