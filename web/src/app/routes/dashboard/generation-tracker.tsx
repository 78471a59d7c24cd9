import { useEffect, useRef, useState, type ReactElement } from 'react';
import { useLocation, useNavigate } from 'react-router-dom';
import type { VideoStatus } from '@app/domain';
import { GENERATION_CACHE_KEY, useGenerateVideoMutation } from '../../../features/series/api';
import { ProgressWidget } from '../../../features/series/components/progress-widget';
import { useLiveVideoStatus } from '../../../features/videos/lib/use-live-status';

/**
 * The progress widget of the latest generation, floating over the dashboard pages.
 * Hidden on that video's own detail page (which shows the same progress) and once closed;
 * closing never stops the work: the video then appears in Your Videos on the dashboard.
 */
export function GenerationTracker(): ReactElement | null {
  const [, { data }] = useGenerateVideoMutation({ fixedCacheKey: GENERATION_CACHE_KEY });
  const videoId = data?.videoId ?? '';
  const [closedFor, setClosedFor] = useState<string | null>(null);
  const location = useLocation();
  const navigate = useNavigate();
  const onDetail = Boolean(videoId) && location.pathname === `/dashboard/view/${videoId}`;
  const hidden = !videoId || closedFor === videoId;
  const live = useLiveVideoStatus(videoId, { skip: hidden || onDetail });
  const lastGood = useRef<VideoStatus | null>(null);
  if (live.status && live.status !== 'failed') lastGood.current = live.status;

  const done = live.status === 'done';
  useEffect(() => {
    if (!done || !videoId) return;
    const t = setTimeout(() => setClosedFor(videoId), 8000);
    return () => clearTimeout(t);
  }, [done, videoId]);

  if (hidden || onDetail) return null;
  return (
    <ProgressWidget
      status={lastGood.current}
      failed={live.status === 'failed'}
      onClose={() => setClosedFor(videoId)}
      onOpen={() => navigate(`/dashboard/view/${videoId}`)}
    />
  );
}
