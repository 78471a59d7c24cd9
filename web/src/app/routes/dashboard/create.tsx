import type { ReactElement } from 'react';
import { useSearchParams } from 'react-router-dom';
import { APP_TITLES } from '../../../config/page-heads';
import { PageHeader } from '../../../features/dashboard/components/dashboard-shell';
import { CreateSeriesWizard } from '../../../features/series/forms/create-series-wizard';
import { EditSeries } from '../../../features/series/forms/edit-series';
import { LazyMediaPicker } from '../../lazy-media-picker';
import { OwnMediaPickerContext } from '../../../components/ui/own-media-picker';

/** /dashboard/create, and /dashboard/create?series=:id to edit a series with the same form. */
export default function CreatePage(): ReactElement {
  const [params] = useSearchParams();
  const seriesId = params.get('series');
  return seriesId ? (
    <>
      <PageHeader title={APP_TITLES.editSeries} subtitle="Change what your series is about, how it looks and sounds, and when it posts." />
      <EditSeries seriesId={seriesId} />
    </>
  ) : (
    <>
      <PageHeader title={APP_TITLES.create} subtitle="Quick steps: what your videos are about, your own media if you like, then how they look and sound." />
      <OwnMediaPickerContext.Provider value={LazyMediaPicker}>
        <CreateSeriesWizard />
      </OwnMediaPickerContext.Provider>
    </>
  );
}
