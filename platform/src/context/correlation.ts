import { AsyncLocalStorage } from 'node:async_hooks';

/** What the work in progress is part of: the request or message that caused it. */
export interface WorkContext {
  correlationId: string;
}

const storage = new AsyncLocalStorage<WorkContext>();

/**
 * Runs `work` as part of one piece of work (an HTTP request): every command it issues and every
 * log line it writes carries the context's correlation id without passing it by hand.
 */
export function runInContext<T>(context: WorkContext, work: () => T): T {
  return storage.run(context, work);
}

/** The correlation id of the work in progress, if any. */
export function currentCorrelationId(): string | undefined {
  return storage.getStore()?.correlationId;
}

/** The context in progress (to re-enter it after a callback that lost it, e.g. a stream event). */
export function currentContext(): WorkContext | undefined {
  return storage.getStore();
}
