import type { ReactElement } from 'react';
import { useAuth } from '../../../lib/auth';
import { PageHeader } from '../../../features/dashboard/components/dashboard-shell';
import { SeriesHome } from '../../../features/series/components/series-home';
import { YourVideos } from '../../../features/videos/components/your-videos';
import { useListVideosQuery } from '../../../features/videos/api';

/** /dashboard: the Series home (welcome, Your Series, Quick Actions) and Your Videos. */
export default function DashboardHome(): ReactElement {
  const { user } = useAuth();
  const first = user?.name?.split(' ')[0];
  const { data: videos } = useListVideosQuery();
  return (
    <>
      <PageHeader
        title={first ? `Welcome back, ${first}!` : 'Welcome back!'}
        subtitle="Create faceless videos on autopilot: pick a topic, a voice and a style, and we do the rest."
      />
      <SeriesHome hasVideos={(videos?.length ?? 0) > 0} />
      <YourVideos />
    </>
  );
}
