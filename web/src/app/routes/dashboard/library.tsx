import type { ReactElement } from 'react';
import { APP_TITLES } from '../../../config/page-heads';
import { PageHeader } from '../../../features/dashboard/components/dashboard-shell';
import { MediaLibrary } from '../../../features/media';

export default function LibraryPage(): ReactElement {
  return (
    <>
      <PageHeader title={APP_TITLES.library} subtitle="Your own clips and images, to use in your videos." />
      <MediaLibrary />
    </>
  );
}
