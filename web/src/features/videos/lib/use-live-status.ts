import { useEffect, useState } from 'react';
import { useDispatch, useStore } from 'react-redux';
import { MIN_POSITION_PARAM, type VideoStatusResponse } from '@app/domain';
import type { PositionState } from '../../../lib/position-slice';
import { useGetVideoStatusQuery, videosApi } from '../api';
import { isFinal } from './status-display';
import { reportSilently } from '../../../lib/report';

/** The spec polls every 5 seconds and stops once done. */
export const STATUS_POLL_MS = 5000;

/**
 * Live generation status: polls `GET /api/video/status/:id` every 5 s until final and,
 * when the browser offers EventSource, also listens to `GET /api/video/events/:id`
 * (SSE); an SSE error simply closes the stream and polling carries on. The stream names the last
 * position this browser's commands answered with, as every query does in its header: opened right
 * after the video was asked for, it waits for the video to be projected instead of finding none.
 */
export function useLiveVideoStatus(id: string, options: { skip?: boolean } = {}) {
  const dispatch = useDispatch();
  const store = useStore<{ position?: PositionState }>();
  const [stopped, setStopped] = useState(false);
  const query = useGetVideoStatusQuery(id, { skip: options.skip || !id, pollingInterval: stopped ? 0 : STATUS_POLL_MS });
  const status = query.data?.status ?? null;

  // Stops at a final status; starts again when a re-render from the studio puts the video back to work.
  useEffect(() => {
    setStopped(isFinal(status));
  }, [status]);

  useEffect(() => {
    if (query.error) reportSilently('Failed to fetch video status', query.error);
  }, [query.error]);

  useEffect(() => {
    if (options.skip || !id || stopped || typeof window === 'undefined' || typeof window.EventSource !== 'function') return;
    const token = window.localStorage.getItem('token') ?? '';
    const seen = store.getState().position?.last ?? 0;
    const source = new window.EventSource(`/api/video/events/${encodeURIComponent(id)}?token=${encodeURIComponent(token)}${seen > 0 ? `&${MIN_POSITION_PARAM}=${seen}` : ''}`);
    const onStatus = (event: MessageEvent<string>) => {
      try {
        const answer = JSON.parse(event.data) as VideoStatusResponse;
        dispatch(videosApi.util.upsertQueryData('getVideoStatus', id, answer) as never);
        if (isFinal(answer.status)) source.close();
      } catch (error) {
        reportSilently('Bad status event', error);
      }
    };
    source.addEventListener('status', onStatus as EventListener);
    source.onerror = () => source.close(); // polling continues on its own
    return () => source.close();
  }, [dispatch, store, id, options.skip, stopped]);

  return { status, answer: query.data, isLoading: query.isLoading };
}
