import type { ReactElement } from 'react';
import { useAuth } from '../../../lib/auth';
import { APP_TITLES } from '../../../config/page-heads';
import { PageHeader } from '../../../features/dashboard/components/dashboard-shell';
import { SeriesHome } from '../../../features/series/components/series-home';
import { YourVideos } from '../../../features/videos/components/your-videos';
import { useListVideosQuery, videosApi } from '../../../features/videos/api';
import { seriesApi } from '../../../features/series/api';
import { subscriptionApi } from '../../../lib/endpoints/subscription';
import { getAppStore } from '../app-root';

/** The series, the plan (its series allowance) and the videos, asked for before the page first renders. */
export function prefetch() {
  const { dispatch } = getAppStore();
  return Promise.all([
    dispatch(seriesApi.endpoints.listSeries.initiate(undefined, { subscribe: false })),
    dispatch(subscriptionApi.endpoints.getSubscription.initiate(undefined, { subscribe: false })),
    dispatch(videosApi.endpoints.listVideos.initiate(undefined, { subscribe: false })),
  ]);
}

/** /dashboard: the Series home (welcome, Your Series, Quick Actions) and Your Videos. */
export default function DashboardHome(): ReactElement {
  const { user } = useAuth();
  const first = user?.name?.split(' ')[0];
  const { data: videos } = useListVideosQuery();
  return (
    <>
      <PageHeader
        title={first ? `Welcome back, ${first}!` : 'Welcome back!'}
        documentTitle={APP_TITLES.dashboard}
        subtitle="Create faceless videos on autopilot: pick a topic, a voice and a style, and we do the rest."
      />
      <SeriesHome hasVideos={(videos?.length ?? 0) > 0} />
      <YourVideos />
    </>
  );
}
