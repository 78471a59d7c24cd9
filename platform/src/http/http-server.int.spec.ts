import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import express, { Router } from 'express';
import { createHttpApp } from './http-app';
import { createAppServer } from './http-server';
import { createLogger } from '../logging/logger';

/** The product's own app, with a JSON command and a read that use Express's request and answer methods. */
function productApp() {
  const api = Router();
  api.patch('/api/things/:id', express.json(), (req, res) => void res.json({ id: req.params.id, name: (req.body as { name: string }).name, asked: req.get('x-asked') }));
  api.get('/api/things', (req, res) => void res.json({ query: req.query, ip: req.ip }));
  return createHttpApp({ logger: createLogger('test', { level: 'silent' }), routers: [api] });
}

async function serve(server: Server): Promise<string> {
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
}

/** How many times an object's prototype was changed (set to another than it had) while `work` ran. */
async function prototypeChanges(work: () => Promise<void>): Promise<number> {
  const original = Object.setPrototypeOf;
  let changes = 0;
  const spy = jest.spyOn(Object, 'setPrototypeOf').mockImplementation((target: object, proto: object | null) => {
    if (Object.getPrototypeOf(target) !== proto) changes++;
    return original(target, proto);
  });
  try {
    await work();
  } finally {
    spy.mockRestore();
  }
  return changes;
}

async function useIt(url: string) {
  const renamed = await fetch(`${url}/api/things/t-1`, { method: 'PATCH', headers: { 'content-type': 'application/json', 'x-asked': 'yes' }, body: JSON.stringify({ name: 'Space facts' }) });
  expect(renamed.status).toBe(200);
  expect(await renamed.json()).toEqual({ id: 't-1', name: 'Space facts', asked: 'yes' });
  // The app's own middleware ran: security headers and a correlation id on the answer.
  expect(renamed.headers.get('x-content-type-options')).toBe('nosniff');
  expect(renamed.headers.get('x-correlation-id')).toBeTruthy();
  const listed = await fetch(`${url}/api/things?page=2`);
  expect(await listed.json()).toEqual({ query: { page: '2' }, ip: '127.0.0.1' });
  expect((await fetch(`${url}/api/missing`)).status).toBe(404);
}

/** How many prototypes Express swapped while `server` answered the requests of `useIt`. */
async function swapsServing(server: Server): Promise<number> {
  const url = await serve(server);
  try {
    return await prototypeChanges(() => useIt(url));
  } finally {
    await new Promise((resolve) => server.close(resolve));
  }
}

describe('An Express app served by createAppServer', () => {
  it('answers with Express’s request and answer methods, and never changes a request’s or an answer’s prototype', async () => {
    // Given the product's app on its own server, When requests go through it,
    // Then each answer is as Express makes it (useIt checks), and no prototype was swapped
    expect(await swapsServing(createAppServer(productApp()))).toBe(0);
  });

  it('is what saves the swap: a stock server swaps two prototypes a request', async () => {
    // Given the same app on Node's stock server, When the same three requests go through it,
    // Then Express swapped the request's and the answer's prototypes each time
    expect(await swapsServing(createServer(productApp()))).toBe(6);
  });
});
