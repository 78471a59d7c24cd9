import type { ReactElement } from 'react';
import { Link } from 'react-router-dom';
import { CalendarOutlined, ClockCircleOutlined, MobileOutlined, DesktopOutlined } from '@ant-design/icons';
import { orientationOf, type VideoListItem } from '@app/domain';
import { formatCreatedAt, wholeSeconds } from '../lib/numbering';
import { useClientValue } from '../../../lib/client-value';
import { LinkButton } from '../../../components/ui/link-button';

export interface VideoCardProps {
  video: VideoListItem;
  number: number;
}

export function VideoCard({ video, number }: VideoCardProps): ReactElement {
  const href = `/dashboard/view/${video._id}`;
  const orientation = orientationOf(video.aspectRatio);
  return (
    // A click anywhere on the card opens it: the title's link covers the card (CSS), so it works the
    // moment a page drawn on the server shows, before the app has taken it over. Keyboard and
    // screen-reader users reach that link (named by its own visible text) and the button.
    <article className="vid-card" data-testid="video-card">
      <header className="vid-card__head">
        <span className="vid-card__number">#{number}</span>
        <span className="vid-card__date">
          <CalendarOutlined aria-hidden /> <CreatedOn at={video.createdAt} />
        </span>
      </header>
      <h3 className="vid-card__title" title={video.title}>
        <Link to={href} className="vid-card__link">
          {video.title || 'Untitled video'}
        </Link>
      </h3>
      <div className="vid-card__meta">
        <span>
          {orientation === 'Vertical' ? <MobileOutlined aria-hidden /> : <DesktopOutlined aria-hidden />} {orientation}
        </span>
        <span>
          <ClockCircleOutlined aria-hidden /> {wholeSeconds(video.duration)}
        </span>
      </div>
      <LinkButton type="primary" ghost block to={href} className="vid-card__action">
        View Details
      </LinkButton>
    </article>
  );
}

/** The day, in the visitor's time zone; on a page drawn on the server, UTC's until the browser has taken it over. */
function CreatedOn({ at }: { at: string }): string {
  return useClientValue(() => formatCreatedAt(at), formatCreatedAt(at, 'UTC'));
}
