import type { ReactElement, ReactNode } from 'react';
import { Avatar, Skeleton } from 'antd';
import { CardFrame } from '../../../components/ui/card-frame';
import { InstagramOutlined, TikTokOutlined, YoutubeOutlined } from '@ant-design/icons';
import type { LinkStatus } from '../api';
import { PLATFORM_NAMES, type Platform } from '../lib/platforms';
import './social.css';

export const PLATFORM_ICONS: Record<Platform, ReactNode> = {
  youtube: <YoutubeOutlined />,
  tiktok: <TikTokOutlined />,
  instagram: <InstagramOutlined />,
};

/** Who is connected: profile image, channel name or @username, and a link to the profile. */
export function PlatformIdentity({ platform, status }: { platform: Platform; status: LinkStatus }): ReactElement {
  const name = PLATFORM_NAMES[platform];
  if (platform === 'youtube') {
    const href = status.channelId ? `https://www.youtube.com/channel/${encodeURIComponent(status.channelId)}` : undefined;
    return (
      <div className="social-id">
        <Avatar src={status.profileUrl} alt={`${status.channelName ?? name} profile image`} icon={PLATFORM_ICONS.youtube} />
        <div>
          <strong>{status.channelName ?? 'YouTube channel'}</strong>
          {href && (
            <a href={href} target="_blank" rel="noopener noreferrer">
              View Channel
            </a>
          )}
        </div>
      </div>
    );
  }
  if (platform === 'tiktok') {
    return (
      <div className="social-id">
        <Avatar src={status.profileUrl} alt={`@${status.username ?? ''} profile image`} icon={PLATFORM_ICONS.tiktok} />
        <div>
          <strong>@{status.username}</strong>
          {status.channelUrl && (
            <a href={status.channelUrl} target="_blank" rel="noopener noreferrer">
              View Profile
            </a>
          )}
        </div>
      </div>
    );
  }
  return (
    <div className="social-id">
      <Avatar icon={PLATFORM_ICONS.instagram} aria-hidden />
      <div>
        <strong>@{status.username}</strong>
        {status.username && (
          <a href={`https://www.instagram.com/${encodeURIComponent(status.username)}`} target="_blank" rel="noopener noreferrer">
            View Profile
          </a>
        )}
      </div>
    </div>
  );
}

export function PlatformCard({
  platform,
  status,
  loading,
  children,
}: {
  platform: Platform;
  status: LinkStatus | undefined;
  loading: boolean;
  children: ReactNode;
}): ReactElement {
  const name = PLATFORM_NAMES[platform];
  return (
    <CardFrame
      className={`social-card social-card--${platform}`}
      title={
        <span className="social-card__title">
          <span className="social-card__icon" aria-hidden>
            {PLATFORM_ICONS[platform]}
          </span>
          {name}
        </span>
      }
      data-testid={`social-${platform}`}
    >
      {loading ? (
        <Skeleton active avatar paragraph={{ rows: 1 }} />
      ) : status?.connected ? (
        <PlatformIdentity platform={platform} status={status} />
      ) : (
        <p className="social-card__prompt">Connect your {name} account</p>
      )}
      <div className="social-card__actions">{children}</div>
    </CardFrame>
  );
}
