import type { Server } from 'node:http';
import type { Logger } from '../logging/logger';
import { ConfigError } from '../config/parse-env';

/** Something a process runs until it is told to stop. */
export interface Stoppable {
  stop(): Promise<void>;
}

export interface RunProcessOptions {
  /** How long a stop may take, from the first signal to exit, whatever it waits for. Default 10 s. */
  deadlineMs?: number;
}

/** What a process writes once it is ready (tests and operators wait for it). */
export const READY_LINE = 'ready';

/** A started service, and what it still starts in the background. */
export interface StartedProcess {
  service: Stoppable;
  logger: Logger;
  /**
   * Work the service goes on starting after it is ready (a consumer joining its group, which may
   * wait out a dead member's session): when it fails, the process stops and exits 1, as a failed
   * start does.
   */
  background?: Promise<unknown>;
}

/**
 * The life of a service process, the same for every service: start it; on SIGTERM or SIGINT
 * (or, for a child started with an IPC channel, when its parent goes away) stop it, and exit
 * within the deadline whatever it is waiting for (a hung dependency, an open stream, a full or
 * closed stdout). A failed start, or a failure of what it starts in the background, exits 1.
 */
export function runProcess(name: string, start: () => Promise<StartedProcess>, options: RunProcessOptions = {}): void {
  const deadlineMs = options.deadlineMs ?? 10_000;
  // A reader that went away must not crash the process, nor make it wait: lines are dropped.
  for (const stream of [process.stdout, process.stderr]) stream.on('error', () => undefined);

  start().then(({ service, logger, background }) => {
    let stopping = false;
    const stop = (reason: string, code = 0) => {
      if (stopping) return;
      stopping = true;
      logger.info({ reason, deadlineMs }, 'Stopping');
      const deadline = setTimeout(() => {
        logger.error({ deadlineMs }, 'Stop deadline reached; exiting');
        exitNow(logger, 1);
      }, deadlineMs);
      service.stop().then(
        () => {
          clearTimeout(deadline);
          logger.info('Stopped');
          exitNow(logger, code);
        },
        (error: unknown) => {
          clearTimeout(deadline);
          logger.error({ err: error }, 'Stop failed');
          exitNow(logger, 1);
        },
      );
    };
    background?.catch((error: unknown) => {
      logger.error({ err: error }, `${name} could not finish starting`);
      stop('failed in the background', 1);
    });
    process.once('SIGTERM', () => stop('SIGTERM'));
    process.once('SIGINT', () => stop('SIGINT'));
    // Started by another process with an IPC channel (the embedded product's render child): its end is ours.
    if (process.send) process.once('disconnect', () => stop('parent exited'));
    logger.info({ pid: process.pid }, `${name} ${READY_LINE}`);
    process.send?.({ type: READY_LINE });
  }, (error: unknown) => {
    const message = error instanceof ConfigError ? error.message : error instanceof Error ? error.stack ?? error.message : String(error);
    process.stderr.write(`${name} failed to start: ${message}\n`);
    process.exit(1);
  });
}

/** Flushes what the logger buffered (briefly: never waiting on a stuck reader), then exits. */
function exitNow(logger: Logger, code: number): void {
  const exit = () => process.exit(code);
  setTimeout(exit, 200).unref();
  try {
    logger.flush(() => exit());
  } catch {
    exit();
  }
}

/**
 * Stops an HTTP server: no new connections, idle keep-alive connections closed at once, requests
 * in flight given `graceMs` to finish, then every connection (open event streams too) closed.
 */
export async function closeServer(server: Server, graceMs = 3_000): Promise<void> {
  const closed = new Promise<void>((resolve) => server.close(() => resolve()));
  server.closeIdleConnections();
  const timer = setTimeout(() => server.closeAllConnections(), graceMs);
  await closed;
  clearTimeout(timer);
}

/** Listens and resolves once the server accepts connections (rejects when the port is taken). */
export function listen(server: Server, port: number, host: string): Promise<number> {
  return new Promise((resolve, reject) => {
    server.once('error', reject);
    server.listen(port, host, () => {
      server.off('error', reject);
      const address = server.address();
      resolve(typeof address === 'object' && address ? address.port : port);
    });
  });
}
