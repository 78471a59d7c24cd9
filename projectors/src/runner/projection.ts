import type { DocumentStore, RecordedEvent } from '@app/platform';

/**
 * A read-model projection: which event types it handles and how one event changes its documents.
 * `apply` must be idempotent per document (use Collection.apply with the event's position) and
 * must never throw on a recorded event: bad data is logged and skipped by the runner.
 */
export interface Projection {
  readonly name: string;
  readonly handles: readonly string[];
  /** Collections it owns, cleared on rebuild. */
  readonly collections: readonly string[];
  apply(event: RecordedEvent, docs: DocumentStore): Promise<void>;
}
