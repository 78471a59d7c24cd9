import type { ReactElement } from 'react';
import { PageHeader } from '../../../features/dashboard/components/dashboard-shell';
import { CreateSeriesWizard } from '../../../features/series/forms/create-series-wizard';

export default function CreatePage(): ReactElement {
  return (
    <>
      <PageHeader title="Create A Series" subtitle="Two quick steps: what your videos are about, then how they look and sound." />
      <CreateSeriesWizard />
    </>
  );
}
