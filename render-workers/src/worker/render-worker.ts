import { messageHeaders, RENDER_REQUESTS, RENDER_STATUS, renderStatusSchema, type GenerationStatus, type RenderRequest, type RenderStatus } from '@app/domain';
import type { Logger } from '@app/platform';
import { TOPICS, metrics, readMessage, type Consumer, type IncomingMessage, type MessageBus } from '@app/platform';
import type { RenderPipeline, StageProgress } from '../pipeline/render-pipeline';
import { sleep } from '../shared/async';

const RENDER_CONSUMER_GROUP = RENDER_REQUESTS.consumerGroups[0].groupId;

export interface BackoffOptions {
  initialMs: number;
  maxMs: number;
}

export interface RenderWorkerOptions {
  bus: MessageBus;
  pipeline: RenderPipeline;
  logger: Logger;
  workerId: string;
  /** Attempts of one render before it is reported `failed`. */
  maxAttempts: number;
  backoff: BackoffOptions;
  /** Renders at once in this worker. Default 1. */
  concurrency?: number;
  /** Clock for status timestamps. */
  now?: () => Date;
}

export interface RenderWorker {
  readonly workerId: string;
  /**
   * Leave the group. In-flight renders are aborted and their messages stay uncommitted, so another
   * worker of the group takes them over (resuming from cached artifacts when it shares the work dir).
   * With `drain`, in-flight renders finish first.
   */
  stop(options?: { drain?: boolean }): Promise<void>;
}

/** Exponential backoff: initial x 2^(attempt-1), capped. */
export function backoffMs(attempt: number, backoff: BackoffOptions): number {
  return Math.min(backoff.maxMs, backoff.initialMs * 2 ** Math.max(0, attempt - 1));
}

const STAGE_AFTER: Record<GenerationStatus | 'none', string> = {
  none: 'starting the render',
  start: 'writing the script',
  script: 'recording the narration',
  audio: 'drawing the illustrations',
  images: 'assembling the video',
  video: 'uploading the video',
  uploading: 'uploading the video',
  done: 'finishing',
};

/** A reason a person can read: where it failed, how often, and the first line of the error. */
export function failureReason(lastStatus: GenerationStatus | 'none', attempts: number, error: unknown): string {
  const message = (error instanceof Error ? error.message : String(error)).split('\n')[0].slice(0, 240);
  return `The render failed while ${STAGE_AFTER[lastStatus]} (${attempts} ${attempts === 1 ? 'attempt' : 'attempts'}): ${message}`;
}

/**
 * A render worker: consumes `render.requests` in the `render-workers` group, runs the pipeline,
 * publishes every status to `render.status` keyed by video id with the request's correlation
 * headers; retries a failing render with exponential backoff (resuming from cached stages) and
 * after `maxAttempts` publishes `failed` and commits.
 */
export async function startRenderWorker(options: RenderWorkerOptions): Promise<RenderWorker> {
  const { bus, pipeline, workerId } = options;
  const log = options.logger.child({ category: 'render-worker', workerId });
  const now = options.now ?? (() => new Date());
  const inFlight = new Map<string, AbortController>();
  let slots = Math.max(1, options.concurrency ?? 1);
  const waiting: Array<() => void> = [];
  const acquire = () => (slots > 0 ? (slots--, Promise.resolve()) : new Promise<void>((resolve) => waiting.push(resolve)));
  const release = () => {
    const next = waiting.shift();
    if (next) next();
    else slots++;
  };
  let stopping = false;

  const handle = async (message: IncomingMessage): Promise<void> => {
    // One that does not parse is dead-lettered by the bus (readMessage throws UnreadableMessageError).
    const request = readMessage(RENDER_REQUESTS, message);
    const trace = { correlationId: message.headers.correlationId, causationId: message.headers.causationId };
    if (stopping) throw new Error('worker is stopping');
    await acquire();
    const controller = new AbortController();
    inFlight.set(request.videoId, controller);
    try {
      await render(request, message, controller.signal, trace);
    } finally {
      inFlight.delete(request.videoId);
      release();
    }
  };

  const render = async (request: RenderRequest, message: IncomingMessage, signal: AbortSignal, trace: Record<string, string | undefined>): Promise<void> => {
    const vlog = log.child({ ...trace, videoId: request.videoId });
    const headers = messageHeaders(RENDER_STATUS, { workerId, correlationId: message.headers.correlationId, causationId: message.headers.causationId });
    const publish = async (status: RenderStatus) => {
      // Each status names the render it belongs to, so a superseded render's late statuses are ignored.
      const value = request.version ? { ...status, version: request.version } : status;
      await bus.publish(TOPICS.renderStatus, [{ key: request.videoId, value: renderStatusSchema.parse(value), headers }]);
    };
    let lastStatus: GenerationStatus | 'none' = 'none';
    const attempts = async (): Promise<void> => {
      for (let attempt = 1; ; attempt++) {
        const t0 = Date.now();
        try {
          vlog.info({ attempt, redeliveries: message.redeliveries }, 'render started');
          await pipeline.run(request, {
            signal,
            onStatus: async (progress: StageProgress) => {
              lastStatus = progress.status;
              await publish({ videoId: request.videoId, status: progress.status, at: now().toISOString(), workerId, attempt, script: progress.script, media: progress.media });
            },
          });
          vlog.info({ attempt, seconds: (Date.now() - t0) / 1000 }, 'render done');
          metrics.renderOutcomes.inc({ outcome: 'done' });
          return;
        } catch (error) {
          if (signal.aborted) {
            vlog.warn({ attempt }, 'render interrupted: the message stays uncommitted for another worker');
            throw error;
          }
          vlog.error({ attempt, err: error, lastStatus }, 'render attempt failed');
          if (attempt >= options.maxAttempts) {
            await publish({ videoId: request.videoId, status: 'failed', at: now().toISOString(), workerId, attempt, reason: failureReason(lastStatus, attempt, error) });
            await pipeline.clean(request.videoId).catch(() => undefined);
            metrics.renderOutcomes.inc({ outcome: 'failed' });
            return;
          }
          metrics.renderOutcomes.inc({ outcome: 'retried' });
          await sleep(backoffMs(attempt, options.backoff), signal);
        }
      }
    };
    metrics.rendersInProgress.inc();
    try {
      await attempts();
    } finally {
      metrics.rendersInProgress.dec();
    }
  };

  const consumer: Consumer = await bus.subscribe(TOPICS.renderRequests, { groupId: RENDER_CONSUMER_GROUP, handler: handle });
  log.info('render worker started');
  return {
    workerId,
    async stop({ drain = false } = {}) {
      stopping = true;
      if (!drain) for (const controller of inFlight.values()) controller.abort(new Error(`worker ${workerId} stopped`));
      await consumer.stop();
      log.info({ drained: drain }, 'render worker stopped');
    },
  };
}
