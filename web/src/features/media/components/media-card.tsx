import type { ReactElement, ReactNode } from 'react';
import { PictureOutlined, VideoCameraOutlined } from '@ant-design/icons';
import type { MediaItemResponse } from '@app/domain';
import { formatBytes, formatDuration } from '../lib/upload';

/** A library item: its thumbnail, with its length (clips) or size, name and kind. */
export function MediaCard({ item, children, selected }: { item: MediaItemResponse; children?: ReactNode; selected?: number }): ReactElement {
  return (
    <figure className={`media-card${selected ? ' is-selected' : ''}`} data-testid="media-item">
      <div className="media-card__thumb">
        <img src={item.thumbnailUrl} alt="" loading="lazy" />
        <span className="media-card__badge">
          {item.kind === 'clip' ? <VideoCameraOutlined aria-hidden /> : <PictureOutlined aria-hidden />}{' '}
          {item.kind === 'clip' && item.durationSeconds !== null ? formatDuration(item.durationSeconds) : `${item.width}×${item.height}`}
        </span>
        {selected ? <span className="media-card__order" aria-label={`Number ${selected}`}>{selected}</span> : null}
      </div>
      <figcaption>
        <span className="media-card__name" title={item.name}>{item.name}</span>
        <span className="media-card__meta">{item.kind === 'clip' ? 'Clip' : 'Image'} · {formatBytes(item.bytes)}</span>
      </figcaption>
      {children ? <div className="media-card__actions">{children}</div> : null}
    </figure>
  );
}
