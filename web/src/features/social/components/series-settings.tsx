import type { ReactElement } from 'react';
import { Button } from 'antd';
import { CloudUploadOutlined, LinkOutlined } from '@ant-design/icons';
import type { VideoDetail } from '@app/domain';
import { serverErrorOf } from '../../../lib/api';
import { toast } from '../../../lib/toast';
import {
  useGetLinkStatusQuery,
  useUploadToInstagramMutation,
  useUploadToTikTokMutation,
  useUploadToYouTubeMutation,
} from '../api';
import { instagramCaption, PLATFORM_NAMES, PLATFORMS, YOUTUBE_PLACEHOLDER_TAGS, type Platform } from '../lib/platforms';
import { useConnect } from '../lib/use-connect';
import { reportSilently } from '../../../lib/report';
import { PlatformCard } from './platform-card';

export const TIKTOK_TIMEOUT_ERROR = 'Upload did not finish in time.';

type VideoForUpload = (Pick<VideoDetail, '_id' | 'title' | 'description' | 'status'> & Partial<Pick<VideoDetail, 'streamUrl'>>) | null | undefined;

/** Shown under Upload Video until the video is rendered. */
export const UPLOAD_WHEN_READY = 'Available when the video is ready';

function uploadFailed(platform: Platform, error?: unknown) {
  reportSilently(`Upload to ${PLATFORM_NAMES[platform]} failed`, error);
  toast({ title: 'Error', description: `Failed to upload video to ${PLATFORM_NAMES[platform]}`, variant: 'destructive' });
}

function linkAction(href: string | undefined, label: string) {
  return href ? (
    <Button size="small" href={href} target="_blank" rel="noopener noreferrer" icon={<LinkOutlined />}>
      {label}
    </Button>
  ) : undefined;
}

/** SERIES SETTINGS: a card per platform with Connect or Upload Video. */
export function SeriesSettings({ video }: { video: VideoForUpload }): ReactElement {
  const youtube = useGetLinkStatusQuery('youtube');
  const tiktok = useGetLinkStatusQuery('tiktok');
  const instagram = useGetLinkStatusQuery('instagram');
  const statuses = { youtube, tiktok, instagram };
  const { start: connect, connecting } = useConnect();
  const [toYouTube, ytState] = useUploadToYouTubeMutation();
  const [toTikTok, ttState] = useUploadToTikTokMutation();
  const [toInstagram, igState] = useUploadToInstagramMutation();
  const uploading: Record<Platform, boolean> = { youtube: ytState.isLoading, tiktok: ttState.isLoading, instagram: igState.isLoading };
  // Only a rendered video can be posted; until then the button says why it waits. A version on
  // show (its stream) is posted while a re-render of it runs.
  const ready = video?.status === 'done' || Boolean(video?.streamUrl);

  const checkVideo = (): { videoId: string; title: string; description: string } | null => {
    if (!video) {
      toast({ title: 'Error', description: 'Video data is not available', variant: 'destructive' });
      return null;
    }
    if (!video._id) {
      toast({ title: 'Error', description: 'Video ID is missing', variant: 'destructive' });
      return null;
    }
    return { videoId: video._id, title: video.title ?? '', description: video.description ?? '' };
  };

  const upload = async (platform: Platform) => {
    const base = checkVideo();
    if (!base) return;
    if (platform === 'tiktok') {
      toast({ title: 'Uploading...', description: 'Please check your inbox and complete the posting.' });
      const result = await toTikTok(base);
      const answer = 'data' in result ? result.data : undefined;
      const error = 'error' in result ? serverErrorOf(result.error) : answer?.error;
      if (answer?.status === 'COMPLETED') {
        toast({ title: 'Success', description: 'Your video was posted to TikTok.', variant: 'success', action: linkAction(answer.tiktokUrl, 'Open') });
      } else if (error === TIKTOK_TIMEOUT_ERROR) {
        toast({ title: 'Upload Did Not Finish in Time', description: 'Please finish posting the video from your TikTok inbox.', variant: 'destructive' });
      } else if (error || 'error' in result) {
        uploadFailed('tiktok', 'error' in result ? result.error : error);
      }
      return;
    }
    if (platform === 'youtube') {
      const result = await toYouTube({ ...base, tags: YOUTUBE_PLACEHOLDER_TAGS });
      if ('data' in result && result.data?.youtubeUrl) {
        toast({ title: 'Success', description: 'Your video was uploaded to YouTube.', variant: 'success', action: linkAction(result.data.youtubeUrl, 'Open') });
      } else uploadFailed('youtube', 'error' in result ? result.error : result.data);
      return;
    }
    const result = await toInstagram({ videoId: base.videoId, caption: instagramCaption(base.title, base.description) });
    if ('data' in result && result.data?.instagramUrl) {
      toast({ title: 'Success', description: 'Your video was posted to Instagram.', variant: 'success', action: linkAction(result.data.instagramUrl, 'Open') });
    } else uploadFailed('instagram', 'error' in result ? result.error : result.data);
  };

  return (
    <section className="social-block" aria-labelledby="series-settings-title">
      <h2 id="series-settings-title">SERIES SETTINGS</h2>
      <div className="social-grid">
        {PLATFORMS.map((platform) => {
          const q = statuses[platform];
          const connected = Boolean(q.data?.connected);
          const name = PLATFORM_NAMES[platform];
          return (
            <PlatformCard key={platform} platform={platform} status={q.error ? { connected: false } : q.data} loading={q.isLoading}>
              {connected ? (
                <>
                  <Button
                    type="primary"
                    icon={<CloudUploadOutlined />}
                    loading={uploading[platform]}
                    disabled={!ready || uploading[platform]}
                    aria-describedby={ready ? undefined : `upload-wait-${platform}`}
                    onClick={() => void upload(platform)}
                  >
                    Upload Video
                  </Button>
                  {!ready && (
                    <p className="social-card__hint" id={`upload-wait-${platform}`}>
                      {UPLOAD_WHEN_READY}
                    </p>
                  )}
                </>
              ) : (
                <Button type="primary" ghost loading={connecting === platform} onClick={() => void connect(platform)}>
                  Connect {name}
                </Button>
              )}
            </PlatformCard>
          );
        })}
      </div>
    </section>
  );
}
