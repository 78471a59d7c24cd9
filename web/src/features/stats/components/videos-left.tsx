import { useEffect, useRef, useState, type ReactElement } from 'react';
import { VideoCameraOutlined } from '@ant-design/icons';
import { useGetVideoStatsQuery } from '../api';
import { readStatsCookie, videosLeft, writeStatsCookie } from '../lib/stats-cookie';
import { reportSilently } from '../../../lib/report';
import { useHydrated } from '../../../lib/client-value';

/** Header counter: planLimit minus monthlyCount, seeded from the videoStats cookie. */
export function VideosLeft(): ReactElement | null {
  const [seed] = useState(() => readStatsCookie());
  const { data, error } = useGetVideoStatsQuery();
  const reported = useRef<unknown>(null);

  useEffect(() => {
    if (data) writeStatsCookie(data);
  }, [data]);

  useEffect(() => {
    if (error && reported.current !== error) {
      reported.current = error;
      reportSilently('Failed to fetch video stats', error);
    }
  }, [error]);

  // Not in a prerendered page's HTML (the build knows no visitor), nor while the app takes it over.
  const hydrated = useHydrated();
  const stats = data ?? seed;
  if (!stats || !hydrated) return null;
  const left = videosLeft(stats);
  return (
    <span className="dash-videos-left" role="status" aria-live="polite" data-testid="videos-left">
      <VideoCameraOutlined aria-hidden />
      <strong>{left}</strong> <span className="dash-hide-sm">{left === 1 ? 'video' : 'videos'}</span> left
    </span>
  );
}
