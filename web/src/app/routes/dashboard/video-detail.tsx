import type { ReactElement } from 'react';
import { PLATFORMS, type VideoDetail } from '@app/domain';
import { Link, useParams, type Params } from 'react-router-dom';
import { useAuth, useLoginReturningHere } from '../../../lib/auth';
import { toast } from '../../../lib/toast';
import { DashboardShell, MinimalShell } from '../../../features/dashboard/components/dashboard-shell';
import { VideosLeft } from '../../../features/stats/components/videos-left';
import { preloadStudio, VideoDetailView } from '../../../features/videos/components/video-detail';
import { SeriesSettings } from '../../../features/social/components/series-settings';
import { LazyMediaPicker } from '../../lazy-media-picker';
import { OwnMediaPickerContext } from '../../../components/ui/own-media-picker';
import { videosApi } from '../../../features/videos/api';
import { statsApi } from '../../../features/stats/api';
import { linkStatusApi } from '../../../lib/endpoints/link-status';
import { readToken } from '../../../lib/storage';
import { getAppStore } from '../app-root';

/**
 * What the page shows first, asked for before it first renders: the video, then what it shows
 * with it (the studio's chunk when it has one, its live status while it is being made, the
 * platforms' link status for its SERIES SETTINGS) and, for a signed-in visitor, the header's
 * "videos left".
 */
export function prefetch({ id = '' }: Params) {
  const { dispatch } = getAppStore();
  const signedIn = Boolean(readToken());
  const withVideo = async (video: VideoDetail | undefined) => {
    if (!video) return;
    const done = video.status === 'done' || video.status === 'failed';
    await Promise.all([
      preloadStudio(video),
      done ? null : dispatch(videosApi.endpoints.getVideoStatus.initiate(id, { subscribe: false })),
      ...(signedIn && !video.isSeries ? PLATFORMS.map((platform) => dispatch(linkStatusApi.endpoints.getLinkStatus.initiate(platform, { subscribe: false }))) : []),
    ]);
  };
  return Promise.all([
    dispatch(videosApi.endpoints.getVideo.initiate(id, { subscribe: false })).then(({ data }) => withVideo(data)),
    signedIn ? dispatch(statsApi.endpoints.getVideoStats.initiate(undefined, { subscribe: false })) : null,
  ]);
}

/** /dashboard/view/:id — not guarded: the dashboard frame when signed in, a bare frame otherwise. */
export default function VideoDetailPage(): ReactElement {
  const { id = '' } = useParams();
  const { user, token, logout } = useAuth();
  const login = useLoginReturningHere();
  const signedIn = Boolean(user || token);
  const content = (
    <VideoDetailView
      key={id}
      id={id}
      seriesSettings={(video) => <SeriesSettings video={video} />}
      onCaptionSaved={() => toast({ title: 'Caption saved', variant: 'success' })}
      notFoundNote={
        signedIn ? null : (
          <p className="vid-missing__note">
            Is it yours?{' '}
            <Link {...login}>
              Log in
            </Link>{' '}
            to see it.
          </p>
        )
      }
    />
  );
  if (signedIn) {
    return (
      <DashboardShell counter={<VideosLeft />} onLogout={logout}>
        {/* The storyboard's "Use my media" picks from the creator's library. */}
        <OwnMediaPickerContext.Provider value={LazyMediaPicker}>{content}</OwnMediaPickerContext.Provider>
      </DashboardShell>
    );
  }
  return <MinimalShell>{content}</MinimalShell>;
}
