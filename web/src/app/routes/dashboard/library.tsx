import type { ReactElement } from 'react';
import { PageHeader } from '../../../features/dashboard/components/dashboard-shell';
import { MediaLibrary } from '../../../features/media';

export default function LibraryPage(): ReactElement {
  return (
    <>
      <PageHeader title="Your Media" subtitle="Your own clips and images, to use in your videos." />
      <MediaLibrary />
    </>
  );
}
