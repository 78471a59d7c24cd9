import { useEffect, type ReactElement } from 'react';
import { Card, Empty } from 'antd';
import { LinkButton } from './link-button';
import { PlusOutlined, ThunderboltOutlined, PlayCircleOutlined, CrownOutlined } from '@ant-design/icons';
import { useListVideosQuery } from '../api';
import { reportSilently } from '../lib/report';
import { VideoGrid, VideoGridSkeleton } from './video-grid';

/** Reads the list once per mount and reports a failure silently (the empty state then shows). */
function useVideoList() {
  const result = useListVideosQuery();
  useEffect(() => {
    if (result.error) reportSilently('Failed to fetch videos', result.error);
  }, [result.error]);
  return { videos: result.error ? [] : (result.data ?? []), isLoading: result.isLoading };
}

/** 'Your Videos': the carousel of cards, or its empty state. */
export function YourVideos(): ReactElement {
  const { videos, isLoading } = useVideoList();
  return (
    <section className="dash-section" aria-labelledby="your-videos-title">
      <div className="dash-section__head">
        <h2 id="your-videos-title">Your Videos</h2>
        {videos.length > 0 && (
          <LinkButton to="/dashboard/create" type="primary" icon={<PlusOutlined />}>
              Create Video
            </LinkButton>
        )}
      </div>
      {isLoading ? (
        <VideoGridSkeleton />
      ) : videos.length === 0 ? (
        <Empty className="dash-empty" image={Empty.PRESENTED_IMAGE_SIMPLE} description="You haven't created any videos yet.">
          <LinkButton to="/dashboard/create" type="primary" size="large" icon={<PlusOutlined />}>
              Create Your First Video
            </LinkButton>
        </Empty>
      ) : (
        <VideoGrid videos={videos} />
      )}
    </section>
  );
}

/** 'Your Series' card with Quick Actions and the series empty state. */
export function YourSeries(): ReactElement {
  const { videos, isLoading } = useVideoList();
  return (
    <Card className="dash-series-card" title={<h2 className="dash-card-title">Your Series</h2>}>
      <div className="dash-series-card__body">
        <div className="dash-series-card__main">
          {isLoading ? (
            <div className="skel skel--line" style={{ width: '70%', height: 20 }} aria-busy="true" aria-label="Loading series" />
          ) : videos.length === 0 ? (
            <div className="dash-series-empty">
              <p>You haven&apos;t started a Faceless Video series yet.</p>
              <LinkButton to="/dashboard/create" type="primary" size="large" icon={<ThunderboltOutlined />}>
                  CREATE YOUR SERIES
                </LinkButton>
            </div>
          ) : (
            <div className="dash-series-summary">
              <p>
                <strong>{videos.length}</strong> {videos.length === 1 ? 'video' : 'videos'} in your series.
              </p>
              <LinkButton to="/dashboard/create" type="primary" icon={<PlusOutlined />}>
                  Create Series
                </LinkButton>
            </div>
          )}
        </div>
        <nav className="dash-quick-actions" aria-label="Quick Actions">
          <h3>Quick Actions</h3>
          <LinkButton to="/dashboard/create" block icon={<PlusOutlined />}>
              Create Series
            </LinkButton>
          <LinkButton to="/dashboard/guides" block icon={<PlayCircleOutlined />}>
              Watch Guides
            </LinkButton>
          <LinkButton to="/dashboard/billing" block icon={<CrownOutlined />}>
              Upgrade Plan
            </LinkButton>
        </nav>
      </div>
    </Card>
  );
}
