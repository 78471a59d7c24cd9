import type { ReactElement } from 'react';
import { APP_TITLES } from '../../../config/page-heads';
import { PageHeader } from '../../../features/dashboard/components/dashboard-shell';
import { ImportVideoButton } from '../../../features/media';
import { YourVideos } from '../../../features/videos/components/your-videos';
import { videosApi } from '../../../features/videos/api';
import { getAppStore } from '../app-root';

/** The videos, asked for before the page first renders. */
export function prefetch() {
  return getAppStore().dispatch(videosApi.endpoints.listVideos.initiate(undefined, { subscribe: false }));
}

/** /dashboard/view: every video, newest first; "Import a video" brings a finished one made elsewhere. */
export default function ViewPage(): ReactElement {
  return (
    <>
      <PageHeader title="View" documentTitle={APP_TITLES.videos} subtitle="Watch, caption, download and publish your videos." actions={<ImportVideoButton />} />
      <YourVideos />
    </>
  );
}
