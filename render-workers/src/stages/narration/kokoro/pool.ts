import { availableParallelism } from 'node:os';
import { Worker } from 'node:worker_threads';
import { rewriteConvIntegerAsFloat } from './float-convs';

/**
 * ONNX Runtime's `run` holds the JavaScript thread for the whole synthesis (measured: no timer
 * fired during a 30 s run), so the model runs in worker threads: each loads its own session and
 * takes one sentence at a time. A render's sentences are spread over the workers.
 */
export interface SynthesisJob {
  tokens: number[];
  style: Float32Array;
  speed: number;
}

export interface SynthesisPool {
  /** 24 kHz mono samples of one input. */
  synthesize(job: SynthesisJob, signal?: AbortSignal): Promise<Float32Array>;
  readonly size: number;
  close(): Promise<void>;
}

export interface SynthesisPoolOptions {
  modelPath: string;
  /** Parallel sessions; default: the machine's cores. */
  workers?: number;
  /** Threads inside each session (intra-op); default 1. */
  threads?: number;
  /** Rewrite the quantized convolutions as float ones at load (default true; see float-convs.ts). */
  floatConvs?: boolean;
}

interface WorkerMessage { id: number; audio?: Float32Array; error?: string }

/** What each worker thread runs (from its source text, so it needs no separate bundle). */
function synthesisWorker(deps: {
  parentPort: { on(event: 'message', listener: (job: { id: number; tokens: number[]; style: Float32Array; speed: number }) => void): void; postMessage(message: unknown, transfer?: ArrayBuffer[]): void };
  workerData: { modelPath: string; threads: number; floatConvs: boolean };
  readFileSync: (path: string) => Uint8Array;
  ort: typeof import('onnxruntime-node');
  rewrite: typeof rewriteConvIntegerAsFloat;
}): void {
  const { parentPort, workerData, ort } = deps;
  const session = (async () => {
    const file = deps.readFileSync(workerData.modelPath);
    const bytes = workerData.floatConvs ? deps.rewrite(file).model : file;
    return ort.InferenceSession.create(bytes, { intraOpNumThreads: workerData.threads, interOpNumThreads: 1, executionMode: 'sequential', graphOptimizationLevel: 'all' });
  })();
  // A session that cannot load fails each job with its reason (below), not the thread.
  session.catch(() => undefined);
  parentPort.on('message', (job) => {
    session
      .then(async (s) => {
        const tokens = new BigInt64Array(job.tokens.length + 2);
        job.tokens.forEach((t, i) => { tokens[i + 1] = BigInt(t); });
        const output = await s.run({
          [s.inputNames[0]]: new ort.Tensor('int64', tokens, [1, tokens.length]),
          [s.inputNames[1]]: new ort.Tensor('float32', job.style, [1, job.style.length]),
          [s.inputNames[2]]: new ort.Tensor('float32', Float32Array.from([job.speed]), [1]),
        });
        const audio = new Float32Array(output[s.outputNames[0]].data as Float32Array);
        parentPort.postMessage({ id: job.id, audio }, [audio.buffer as ArrayBuffer]);
      })
      .catch((error: unknown) => parentPort.postMessage({ id: job.id, error: error instanceof Error ? error.message : String(error) }));
  });
}

// __name: what esbuild's keepNames (tsx) wraps functions in; the source text below may carry it.
const WORKER_SOURCE = `
const __name = (fn) => fn;
const { parentPort, workerData } = require('node:worker_threads');
const { readFileSync } = require('node:fs');
const ort = require(workerData.ortPath);
const rewrite = (${rewriteConvIntegerAsFloat.toString()});
(${synthesisWorker.toString()})({ parentPort, workerData, readFileSync, ort, rewrite });
`;

export function defaultPoolSize(): number {
  return Math.max(1, availableParallelism());
}

export function createSynthesisPool(options: SynthesisPoolOptions): SynthesisPool {
  const size = Math.max(1, options.workers ?? defaultPoolSize());
  const workerData = { modelPath: options.modelPath, threads: Math.max(1, options.threads ?? 1), floatConvs: options.floatConvs ?? true, ortPath: require.resolve('onnxruntime-node') };
  interface Slot { worker: Worker; busy: boolean }
  interface Pending { id: number; job: SynthesisJob; resolve: (audio: Float32Array) => void; reject: (error: Error) => void; signal?: AbortSignal }
  let slots: Slot[] | null = null;
  const queue: Pending[] = [];
  const running = new Map<number, { slot: Slot; pending: Pending }>();
  let nextId = 1;
  /** Called whenever a sentence in flight ends (close() waits for the last). */
  let drained: (() => void) | null = null;

  const start = (): Slot[] => Array.from({ length: size }, () => {
    const slot: Slot = { worker: new Worker(WORKER_SOURCE, { eval: true, workerData }), busy: false };
    slot.worker.unref();
    slot.worker.on('message', (message: WorkerMessage) => {
      const entry = running.get(message.id);
      if (!entry) return;
      running.delete(message.id);
      slot.busy = false;
      drained?.();
      drained = null;
      if (message.audio) entry.pending.resolve(message.audio);
      else entry.pending.reject(new Error(`Neural synthesis failed: ${message.error ?? 'no audio'}`));
      pump();
    });
    slot.worker.on('error', (error) => {
      for (const [id, entry] of running) {
        if (entry.slot !== slot) continue;
        running.delete(id);
        entry.pending.reject(error);
      }
      drained?.();
      drained = null;
      slots = slots?.filter((s) => s !== slot) ?? null;
      if (slots?.length === 0) slots = null;
      pump();
    });
    return slot;
  });

  function pump(): void {
    while (queue.length > 0) {
      slots ??= start();
      const slot = slots.find((s) => !s.busy);
      if (!slot) return;
      const pending = queue.shift()!;
      if (pending.signal?.aborted) {
        pending.reject(pending.signal.reason instanceof Error ? pending.signal.reason : new Error('aborted'));
        continue;
      }
      slot.busy = true;
      running.set(pending.id, { slot, pending });
      slot.worker.postMessage({ id: pending.id, tokens: pending.job.tokens, style: pending.job.style, speed: pending.job.speed });
    }
  }

  return {
    size,
    synthesize(job, signal) {
      return new Promise((resolve, reject) => {
        if (signal?.aborted) {
          reject(signal.reason instanceof Error ? signal.reason : new Error('aborted'));
          return;
        }
        // An abort answers at once: a queued job is dropped, a running one finishes in its thread unread.
        let settled = false;
        const onAbort = () => {
          if (settled) return;
          settled = true;
          const index = queue.indexOf(pending);
          if (index >= 0) queue.splice(index, 1);
          reject(signal?.reason instanceof Error ? signal.reason : new Error('aborted'));
        };
        const pending: Pending = {
          id: nextId++,
          job,
          signal,
          resolve: (audio) => { settled = true; signal?.removeEventListener('abort', onAbort); resolve(audio); },
          reject: (error) => { settled = true; signal?.removeEventListener('abort', onAbort); reject(error); },
        };
        signal?.addEventListener('abort', onAbort, { once: true });
        queue.push(pending);
        pump();
      });
    },
    async close() {
      for (const pending of queue.splice(0)) pending.reject(new Error('synthesis pool closed'));
      // A thread is never terminated inside the model's run (onnxruntime-node aborts the process then):
      // the sentences in flight finish first.
      while (running.size > 0) await new Promise<void>((resolve) => { drained = resolve; });
      const current = slots ?? [];
      slots = null;
      await Promise.all(current.map((s) => s.worker.terminate()));
    },
  };
}
