import { useEffect, type ReactElement } from 'react';
import { Empty } from 'antd';
import { LinkButton } from '../../../components/ui/link-button';
import { PlusOutlined } from '@ant-design/icons';
import { useListVideosQuery } from '../api';
import { reportSilently } from '../../../lib/report';
import { VideoGrid, VideoGridSkeleton } from './video-grid';
import { paths } from '../../../config/paths';

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
          <LinkButton to={paths.dashboard.create.getHref()} type="primary" icon={<PlusOutlined />}>
              Create Video
            </LinkButton>
        )}
      </div>
      {isLoading ? (
        <VideoGridSkeleton />
      ) : videos.length === 0 ? (
        <Empty className="dash-empty" image={Empty.PRESENTED_IMAGE_SIMPLE} description="You haven't created any videos yet.">
          <LinkButton to={paths.dashboard.create.getHref()} type="primary" size="large" icon={<PlusOutlined />}>
              Create Your First Video
            </LinkButton>
        </Empty>
      ) : (
        <VideoGrid videos={videos} />
      )}
    </section>
  );
}
