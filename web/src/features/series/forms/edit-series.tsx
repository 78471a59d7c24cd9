import type { ReactElement } from 'react';
import { Empty } from 'antd';
import { useGetSeriesQuery } from '../api';
import { LinkButton } from '../../../components/ui/link-button';
import { CreateSeriesWizard } from './create-series-wizard';
import { paths } from '../../../config/paths';

/** Edit a series with the Create form (`/dashboard/create?series=:id`): PATCH /api/series/:id. */
export function EditSeries({ seriesId }: { seriesId: string }): ReactElement {
  const { data, isLoading, isError } = useGetSeriesQuery(seriesId);
  if (isLoading) return <div className="wizard skel skel--line" style={{ height: 320 }} aria-busy="true" aria-label="Loading series" />;
  if (isError || !data) {
    return (
      <Empty className="dash-empty" image={Empty.PRESENTED_IMAGE_SIMPLE} description="Series not found">
        <LinkButton to={paths.dashboard.root.getHref()} type="primary">
          Back to your series
        </LinkButton>
      </Empty>
    );
  }
  return <CreateSeriesWizard key={data._id} series={data} />;
}
