import type { Server } from 'node:http';
import express, { type Express } from 'express';

/** A local HTTP stand-in of a platform's API on a free port. */
export interface StandIn {
  url: string;
  /** Every request seen, for assertions: method, path and headers. */
  requests: Array<{ method: string; path: string; headers: Record<string, string | string[] | undefined> }>;
  close(): Promise<void>;
}

export async function listen(app: Express, requests: StandIn['requests']): Promise<StandIn> {
  const server: Server = await new Promise((resolve) => {
    const s = app.listen(0, '127.0.0.1', () => resolve(s));
  });
  const address = server.address();
  const port = typeof address === 'object' && address ? address.port : 0;
  return { url: `http://127.0.0.1:${port}`, requests, close: () => new Promise((r) => { server.closeAllConnections?.(); server.close(() => r()); }) };
}

export function recorder(app: Express): StandIn['requests'] {
  const requests: StandIn['requests'] = [];
  app.use((req, _res, next) => {
    requests.push({ method: req.method, path: req.path, headers: { ...req.headers } });
    next();
  });
  return requests;
}

export const bearerOf = (req: express.Request) => (req.headers.authorization?.startsWith('Bearer ') ? req.headers.authorization.slice(7) : null);

/** Reads a raw body (uploads). */
export const raw = express.raw({ type: () => true, limit: '200mb' });
