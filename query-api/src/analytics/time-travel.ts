import { categoryOf, foldStream, redact, type AsOf, type StreamAnswer } from '@app/domain';
import type { AnalystAccess, EventStore } from '@app/platform';
import { presentEvent } from './presenter';

/**
 * A stream as it was at `asOf` (or now): its events up to then and the state the category's
 * decider folds from them, redacted for the analyst. Null for a stream with no events.
 */
export async function streamAsOf(eventStore: EventStore, streamId: string, asOf: AsOf | undefined, access: Pick<AnalystAccess, 'pii'>): Promise<StreamAnswer | null> {
  const all = await eventStore.readStream(streamId);
  if (all.length === 0) return null;
  const upTo = asOf === undefined
    ? all
    : all.filter((e) => (asOf.position !== undefined ? e.position <= asOf.position : Date.parse(e.recordedAt) <= Date.parse(asOf.time)));
  const category = categoryOf(streamId);
  return {
    streamId,
    revision: upTo.length - 1,
    headRevision: all.length - 1,
    events: upTo.map((e) => presentEvent(e, access)),
    state: redact(foldStream(category, upTo), { pii: access.pii, category }),
  };
}
