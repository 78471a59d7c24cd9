import type { KeyboardEvent, ReactElement } from 'react';
import { useNavigate } from 'react-router-dom';
import { Button } from 'antd';
import { CalendarOutlined, ClockCircleOutlined, MobileOutlined, DesktopOutlined } from '@ant-design/icons';
import { orientationOf, type VideoListItem } from '@app/domain';
import { formatCreatedAt, wholeSeconds } from '../lib/numbering';

export interface VideoCardProps {
  video: VideoListItem;
  number: number;
}

export function VideoCard({ video, number }: VideoCardProps): ReactElement {
  const navigate = useNavigate();
  const href = `/dashboard/view/${video._id}`;
  const orientation = orientationOf(video.aspectRatio);
  const open = () => navigate(href);
  const onKeyDown = (event: KeyboardEvent<HTMLElement>) => {
    if (event.target !== event.currentTarget) return;
    if (event.key === 'Enter' || event.key === ' ') {
      event.preventDefault();
      open();
    }
  };
  return (
    <article
      className="vid-card"
      role="link"
      tabIndex={0}
      aria-label={`Video #${number}: ${video.title || 'Untitled video'}`}
      onClick={open}
      onKeyDown={onKeyDown}
      data-testid="video-card"
    >
      <header className="vid-card__head">
        <span className="vid-card__number">#{number}</span>
        <span className="vid-card__date">
          <CalendarOutlined aria-hidden /> {formatCreatedAt(video.createdAt)}
        </span>
      </header>
      <h3 className="vid-card__title" title={video.title}>
        {video.title || 'Untitled video'}
      </h3>
      <div className="vid-card__meta">
        <span>
          {orientation === 'Vertical' ? <MobileOutlined aria-hidden /> : <DesktopOutlined aria-hidden />} {orientation}
        </span>
        <span>
          <ClockCircleOutlined aria-hidden /> {wholeSeconds(video.duration)}
        </span>
      </div>
      <Button
        type="primary"
        ghost
        block
        onClick={(event) => {
          event.stopPropagation();
          open();
        }}
      >
        View Details
      </Button>
    </article>
  );
}
