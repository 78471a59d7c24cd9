import { setTimeout as sleep } from 'node:timers/promises';
import type { EventStore, LogQuery, RecordedEvent } from '@app/platform';

/** Events read per look at the log. */
const TAIL_PAGE = 500;

/**
 * Follows the log after `after`, with a filter: yields each page of new events (an empty page
 * when there was nothing new), reading again at once after a full page and after `pollMs`
 * otherwise, until `signal` aborts. The live SSE tail and `npm run events -- tail` both use it.
 */
export async function* tailLog(eventStore: EventStore, filter: Omit<LogQuery, 'limit' | 'after'>, after: number, options: { pollMs: number; signal: AbortSignal }): AsyncGenerator<RecordedEvent[]> {
  while (!options.signal.aborted) {
    const page = await eventStore.readLog({ ...filter, after, limit: TAIL_PAGE });
    yield page;
    if (page.length > 0) after = page[page.length - 1].position;
    if (page.length < TAIL_PAGE) await sleep(options.pollMs, undefined, { signal: options.signal }).catch(() => undefined);
  }
}
