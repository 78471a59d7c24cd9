import type { AnalyticsEvent } from '@app/domain';
import { readToken } from '../../../lib/storage';
import { delay } from '../../../lib/waiting';
import type { EventsFilter } from '../api';

const query = (params: Record<string, string | number | undefined>) => {
  const search = new URLSearchParams();
  for (const [k, v] of Object.entries(params)) if (v !== undefined && v !== '') search.set(k, String(v));
  const text = search.toString();
  return text ? `?${text}` : '';
};

/** One `id/event/data` frame of a Server-Sent Events body. */
export function parseFrames(buffer: string): { frames: Array<{ id?: string; event?: string; data: string }>; rest: string } {
  const parts = buffer.split('\n\n');
  const rest = parts.pop() ?? '';
  const frames = parts.map((part) => {
    const frame: { id?: string; event?: string; data: string } = { data: '' };
    for (const line of part.split('\n')) {
      if (line.startsWith('id: ')) frame.id = line.slice(4);
      else if (line.startsWith('event: ')) frame.event = line.slice(7);
      else if (line.startsWith('data: ')) frame.data += line.slice(6);
    }
    return frame;
  });
  return { frames, rest };
}

/**
 * Follows the log (GET /api/analytics/events/live) with the session's bearer token (EventSource
 * cannot send it), resuming after the last event seen when the connection drops. Resolves when
 * `signal` aborts.
 */
export async function followLog(filter: EventsFilter, onEvent: (event: AnalyticsEvent) => void, signal: AbortSignal, after?: number): Promise<void> {
  let lastId = after;
  while (!signal.aborted) {
    try {
      const response = await fetch(`/api/analytics/events/live${query({ ...filter, after: lastId })}`, {
        headers: { Authorization: `Bearer ${readToken() ?? ''}`, ...(lastId !== undefined ? { 'Last-Event-ID': String(lastId) } : {}) },
        signal,
      });
      if (!response.ok || !response.body) throw new Error(`live tail answered ${response.status}`);
      const reader = response.body.pipeThrough(new TextDecoderStream()).getReader();
      let buffer = '';
      for (;;) {
        const { value, done } = await reader.read();
        if (done) break;
        const parsed = parseFrames(buffer + value);
        buffer = parsed.rest;
        for (const frame of parsed.frames) {
          if (frame.event !== 'event') continue;
          const event = JSON.parse(frame.data) as AnalyticsEvent;
          lastId = event.position;
          onEvent(event);
        }
      }
    } catch (error) {
      if (signal.aborted) return;
      void error;
    }
    await delay(2000);
  }
}

/** Downloads the export of the filtered log (GET /api/analytics/export) as a file. */
export async function downloadExport(filter: EventsFilter, format: 'ndjson' | 'csv'): Promise<void> {
  const response = await fetch(`/api/analytics/export${query({ category: filter.category, type: filter.type, stream: filter.stream, format })}`, {
    headers: { Authorization: `Bearer ${readToken() ?? ''}` },
  });
  if (!response.ok) {
    const body = (await response.json().catch(() => ({}))) as { error?: string };
    throw new Error(body.error ?? `The export failed (${response.status})`);
  }
  const name = /filename="([^"]+)"/.exec(response.headers.get('content-disposition') ?? '')?.[1] ?? `events.${format}`;
  const url = URL.createObjectURL(await response.blob());
  const link = document.createElement('a');
  link.href = url;
  link.download = name;
  document.body.appendChild(link);
  link.click();
  link.remove();
  setTimeout(() => URL.revokeObjectURL(url), 10_000);
}
