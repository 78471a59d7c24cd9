import type { ReactElement } from 'react';
import { useParams } from 'react-router-dom';
import { useAuth } from '../../../lib/auth';
import { toast } from '../../../lib/toast';
import { DashboardShell, MinimalShell } from '../../../features/dashboard/components/dashboard-shell';
import { VideosLeft } from '../../../features/stats/components/videos-left';
import { VideoDetailView } from '../../../features/videos/components/video-detail';
import { SeriesSettings } from '../../../features/social/components/series-settings';
import { MediaPicker } from '../../../features/media';
import { OwnMediaPickerContext } from '../../../components/ui/own-media-picker';

/** /dashboard/view/:id — not guarded: the dashboard frame when signed in, a bare frame otherwise. */
export default function VideoDetailPage(): ReactElement {
  const { id = '' } = useParams();
  const { user, token, logout } = useAuth();
  const content = (
    <VideoDetailView
      key={id}
      id={id}
      seriesSettings={(video) => <SeriesSettings video={video} />}
      onCaptionSaved={() => toast({ title: 'Caption saved', variant: 'success' })}
    />
  );
  if (user || token) {
    return (
      <DashboardShell counter={<VideosLeft />} onLogout={logout}>
        {/* The storyboard's "Use my media" picks from the creator's library. */}
        <OwnMediaPickerContext.Provider value={MediaPicker}>{content}</OwnMediaPickerContext.Provider>
      </DashboardShell>
    );
  }
  return <MinimalShell>{content}</MinimalShell>;
}
