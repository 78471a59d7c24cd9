import { useEffect, useState, type ReactElement } from 'react';
import './videos.css';
import { Button } from 'antd';
import { LeftOutlined, RightOutlined } from '@ant-design/icons';
import type { VideoListItem } from '@app/domain';
import { cardNumber, paginate, PAGE_SIZE } from '../lib/numbering';
import { VideoCard } from './video-card';

/** A carousel of pages of 6 cards; the grid has 1, 2 or 3 columns by width. */
export function VideoGrid({ videos }: { videos: readonly VideoListItem[] }): ReactElement {
  const pages = paginate(videos);
  const [page, setPage] = useState(0);
  useEffect(() => {
    if (page > 0 && page >= pages.length) setPage(Math.max(0, pages.length - 1));
  }, [page, pages.length]);
  const current = pages[Math.min(page, Math.max(0, pages.length - 1))] ?? [];
  return (
    <section className="vid-carousel" aria-roledescription="carousel" aria-label="Your videos">
      <div className="vid-grid" aria-live="polite" aria-roledescription="slide" aria-label={`Page ${page + 1} of ${pages.length}`}>
        {current.map((video, i) => (
          <VideoCard key={video._id} video={video} number={cardNumber(page * PAGE_SIZE + i, videos.length)} />
        ))}
      </div>
      {pages.length > 1 && (
        <nav className="vid-carousel__nav" aria-label="Video pages">
          <Button icon={<LeftOutlined />} aria-label="Previous page" disabled={page === 0} onClick={() => setPage((p) => p - 1)} />
          <div className="vid-carousel__dots">
            {pages.map((_, i) => (
              <button
                key={i}
                type="button"
                className={`vid-carousel__dot${i === page ? ' is-active' : ''}`}
                aria-label={`Page ${i + 1}`}
                aria-current={i === page ? 'page' : undefined}
                onClick={() => setPage(i)}
              />
            ))}
          </div>
          <Button icon={<RightOutlined />} aria-label="Next page" disabled={page >= pages.length - 1} onClick={() => setPage((p) => p + 1)} />
        </nav>
      )}
    </section>
  );
}

export function VideoGridSkeleton(): ReactElement {
  return (
    <div className="vid-grid" aria-busy="true" aria-label="Loading videos">
      {Array.from({ length: 3 }, (_, i) => (
        <div key={i} className="vid-card vid-card--skeleton" data-testid="video-card-skeleton">
          <div className="skel skel--line" style={{ width: '40%' }} />
          <div className="skel skel--line" style={{ width: '90%', height: 20 }} />
          <div className="skel skel--line" style={{ width: '60%' }} />
          <div className="skel skel--btn" />
        </div>
      ))}
    </div>
  );
}
