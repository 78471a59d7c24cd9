import type { EventStore, LogQuery } from '@app/platform';
import { CSV_HEADER, csvRow, ndjsonLine, presentEvent } from './presenter';

/** Events read per page of an export. */
export const EXPORT_PAGE = 5000;

/**
 * Streams the log as NDJSON or CSV in pages, in constant memory: `write` gets one chunk per page
 * and resolves false when the reader went away (the export stops). Used by the API, the command
 * line and the benchmark alike. Resolves with the number of events written.
 */
export async function exportLog(input: {
  eventStore: EventStore;
  filter: Omit<LogQuery, 'limit' | 'after' | 'until'>;
  after: number;
  until: number;
  format: 'ndjson' | 'csv';
  pii: boolean;
  write: (chunk: string) => Promise<boolean> | boolean;
  onPage?: (position: number) => void;
}): Promise<number> {
  const row = input.format === 'csv' ? csvRow : ndjsonLine;
  if (input.format === 'csv' && !(await input.write(CSV_HEADER))) return 0;
  let after = input.after;
  let count = 0;
  for (;;) {
    const page = await input.eventStore.readLog({ ...input.filter, after, until: input.until, limit: EXPORT_PAGE });
    let chunk = '';
    for (const event of page) chunk += row(presentEvent(event, { pii: input.pii }));
    if (chunk && !(await input.write(chunk))) return count;
    count += page.length;
    if (page.length > 0) {
      after = page[page.length - 1].position;
      input.onPage?.(after);
    }
    if (page.length < EXPORT_PAGE) return count;
  }
}
