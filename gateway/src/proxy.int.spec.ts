import express from 'express';
import request from 'supertest';
import { createServer, type AddressInfo } from 'node:net';
import { ALL_ROUTES } from '@app/domain';
import { createLogger, startLoopMonitor, UNAVAILABLE_MESSAGE } from '@app/platform';
import { readGatewayConfig } from './config';
import { createGatewayApp, upstreamFor } from './proxy';

describe('Gateway proxy', () => {
  describe('When a request comes in', () => {
    it('should send it to the service the route table names', () => {
      expect(upstreamFor('POST', '/api/generate-video')).toBe('command-api');
      expect(upstreamFor('GET', '/api/auth/me')).toBe('command-api');
      expect(upstreamFor('GET', '/dev/mailbox')).toBe('command-api');
      expect(upstreamFor('GET', '/billing/checkout/abc')).toBe('command-api');
      expect(upstreamFor('DELETE', '/api/video/delete/1')).toBe('command-api');
      expect(upstreamFor('GET', '/api/video/videos')).toBe('query-api');
      expect(upstreamFor('GET', '/api/video/stream/1')).toBe('query-api');
    });

    it('should send the link status to query-api, where it lives, though it sits under /api/auth', () => {
      for (const platform of ['youtube', 'tiktok', 'instagram']) {
        expect(upstreamFor('GET', `/api/auth/${platform}/status`)).toBe('query-api');
        expect(upstreamFor('GET', `/api/auth/${platform}/connect`)).toBe('command-api');
      }
    });

    it('should send every route of the table to its own service', () => {
      for (const route of ALL_ROUTES) {
        const concrete = route.path.replace(/:([a-z]+)/gi, 'x1');
        expect({ route: route.name, service: upstreamFor(route.method, concrete) }).toEqual({ route: route.name, service: route.service });
      }
    });

    it('should answer a JSON 404 for an API path no route has, without asking any service', async () => {
      const gateway = createGatewayApp({ commandUrl: 'http://127.0.0.1:9', queryUrl: 'http://127.0.0.1:9', webDist: null, logger: createLogger('test', { level: 'silent' }) });
      const res = await request(gateway).get('/api/nothing/here').expect(404);
      expect(res.body).toEqual({ error: 'Not found' });
      await request(gateway).put('/api/video/videos').expect(404);
    });
  });

  it("should pass resumable uploads' tus requests through whole: PATCH bodies streamed, HEAD and OPTIONS, and the tus headers both ways", async () => {
    const seen: Array<{ method: string; path: string; bytes: number; headers: Record<string, unknown> }> = [];
    const app = express();
    app.all('/{*splat}', (req, res) => {
      let bytes = 0;
      req.on('data', (chunk: Buffer) => { bytes += chunk.length; });
      req.on('end', () => {
        seen.push({ method: req.method, path: req.path, bytes, headers: req.headers });
        res.set({ 'tus-resumable': '1.0.0', 'upload-offset': String(bytes), location: '/api/media/uploads/abc' }).status(req.method === 'POST' ? 201 : req.method === 'PATCH' ? 204 : 200).end();
      });
    });
    const command = await new Promise<{ url: string; close: () => void }>((resolve) => {
      const server = app.listen(0, '127.0.0.1', () => resolve({ url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`, close: () => server.close() }));
    });
    const gateway = createGatewayApp({ commandUrl: command.url, queryUrl: 'http://127.0.0.1:9', webDist: null, logger: createLogger('test', { level: 'silent' }) });
    const tus = { 'tus-resumable': '1.0.0', authorization: 'Bearer t' };
    try {
      const created = await request(gateway).post('/api/media/uploads').set({ ...tus, 'upload-length': '8388608' }).expect(201);
      expect(created.headers.location).toBe('/api/media/uploads/abc');
      const eightMb = Buffer.alloc(8 * 1024 * 1024, 7);
      const patched = await request(gateway).patch('/api/media/uploads/abc').set({ ...tus, 'upload-offset': '0', 'content-type': 'application/offset+octet-stream' }).send(eightMb).expect(204);
      expect(patched.headers['upload-offset']).toBe(String(eightMb.length));
      const head = await request(gateway).head('/api/media/uploads/abc').set(tus).expect(200);
      expect(head.headers['tus-resumable']).toBe('1.0.0');
      await request(gateway).options('/api/media/uploads').expect(200);
      expect(seen.map((s) => [s.method, s.path, s.bytes])).toEqual([
        ['POST', '/api/media/uploads', 0], ['PATCH', '/api/media/uploads/abc', eightMb.length], ['HEAD', '/api/media/uploads/abc', 0], ['OPTIONS', '/api/media/uploads', 0],
      ]);
      expect(seen[1].headers).toMatchObject({ 'upload-offset': '0', 'content-type': 'application/offset+octet-stream', 'tus-resumable': '1.0.0', authorization: 'Bearer t' });
    } finally {
      command.close();
    }
  });

  it('should forward bodies, statuses and headers both ways', async () => {
    const upstream = (name: string) => {
      const app = express();
      app.use(express.json());
      app.all('/{*splat}', (req, res) => res.status(req.method === 'POST' ? 201 : 200).set('x-upstream', name).set('x-seen-forwarded-for', String(req.headers['x-forwarded-for']))
        .json({ name, method: req.method, path: req.path, body: req.body }));
      return new Promise<{ url: string; close: () => void }>((resolve) => {
        const server = app.listen(0, '127.0.0.1', () => resolve({ url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`, close: () => server.close() }));
      });
    };
    const [command, query] = await Promise.all([upstream('command'), upstream('query')]);
    const gateway = createGatewayApp({ commandUrl: command.url, queryUrl: query.url, webDist: null, logger: createLogger('test', { level: 'silent' }) });
    try {
      const posted = await request(gateway).post('/api/auth/register').send({ name: 'Ada' }).expect(201);
      expect(posted.headers['x-upstream']).toBe('command');
      expect(posted.body).toEqual({ name: 'command', method: 'POST', path: '/api/auth/register', body: { name: 'Ada' } });

      const got = await request(gateway).get('/api/video/videos?x=1').expect(200);
      expect(got.body).toMatchObject({ name: 'query', path: '/api/video/videos' });

      // A client's own X-Forwarded-For is kept but never last: the real peer address is appended.
      const spoofed = await request(gateway).get('/api/video/videos').set('x-forwarded-for', '198.51.100.7').expect(200);
      expect(spoofed.headers['x-seen-forwarded-for']).toMatch(/^198\.51\.100\.7, (::ffff:)?127\.0\.0\.1$/);
    } finally {
      command.close();
      query.close();
    }
  });

  describe('When a service runs as several instances', () => {
    const instance = (name: string) => {
      const app = express();
      app.use(express.json());
      app.all('/{*splat}', (req, res) => void res.json({ name, body: req.body }));
      return new Promise<{ url: string; close: () => Promise<void> }>((resolve) => {
        const server = app.listen(0, '127.0.0.1', () => resolve({
          url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
          close: () => new Promise<void>((done) => {
            server.closeAllConnections();
            server.close(() => done());
          }),
        }));
      });
    };

    it('should send requests to each in turn, and every request to a live one when one has stopped, body and all', async () => {
      const [a, b, query] = await Promise.all([instance('a'), instance('b'), instance('query')]);
      const gateway = createGatewayApp({ commandUrl: `${a.url}, ${b.url}`, queryUrl: query.url, webDist: null, logger: createLogger('test', { level: 'silent' }) });
      try {
        const served: string[] = [];
        for (let i = 0; i < 4; i++) served.push((await request(gateway).post('/api/series').send({ n: i }).expect(200)).body.name);
        expect(served.sort()).toEqual(['a', 'a', 'b', 'b']);

        await a.close();
        for (let i = 0; i < 6; i++) {
          const answer = await request(gateway).post('/api/series').send({ n: i }).expect(200);
          expect(answer.body).toEqual({ name: 'b', body: { n: i } });
        }
        // Ready while one instance of each service answers.
        expect((await request(gateway).get('/readyz')).status).toBe(200);
      } finally {
        await Promise.all([b.close(), query.close()]);
      }
    });

    it('should refuse a list with something that is not an absolute URL', () => {
      expect(() => readGatewayConfig({ COMMAND_API_URL: 'http://127.0.0.1:3001,not-a-url', QUERY_API_URL: 'http://127.0.0.1:3002' }))
        .toThrow('COMMAND_API_URL must be an absolute URL, or several separated by commas');
    });
  });

  it('should keep a browser\'s Connection header to itself, so the service\'s pooled connection serves the next request', async () => {
    // A live stream answered with its own "Connection: keep-alive", as the services' SSE answers used to.
    const app = express();
    app.get('/api/video/events/:id', (_req, res) => {
      res.writeHead(200, { 'content-type': 'text/event-stream', connection: 'keep-alive' });
      res.end('event: status\ndata: {"status":"done"}\n\n');
    });
    app.get('/api/video/videos', (_req, res) => void res.json({ ok: true }));
    const query = await new Promise<{ url: string; close: () => void }>((resolve) => {
      const server = app.listen(0, '127.0.0.1', () => resolve({ url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`, close: () => server.close() }));
    });
    const gateway = createGatewayApp({ commandUrl: 'http://127.0.0.1:9', queryUrl: query.url, webDist: null, logger: createLogger('test', { level: 'silent' }) });
    const server = await new Promise<{ url: string; close: () => void }>((resolve) => {
      const listening = gateway.listen(0, '127.0.0.1', () => resolve({ url: `http://127.0.0.1:${(listening.address() as AddressInfo).port}`, close: () => listening.close() }));
    });
    try {
      const closing = await fetch(`${server.url}/api/video/events/v1`, { headers: { connection: 'close' } });
      expect(await closing.text()).toContain('"done"');
      for (let i = 0; i < 3; i++) expect((await fetch(`${server.url}/api/video/videos`)).status).toBe(200);
    } finally {
      server.close();
      query.close();
    }
  });

  it('should report its own event loop in /metrics, like every HTTP process', async () => {
    const monitor = startLoopMonitor();
    try {
      const gateway = createGatewayApp({ commandUrl: 'http://127.0.0.1:9', queryUrl: 'http://127.0.0.1:9', webDist: null, logger: createLogger('test', { level: 'silent' }), monitor });
      const metrics = await request(gateway).get('/metrics').expect(200);
      expect(metrics.text).toMatch(/^studio_eventloop_lag_seconds\{service="gateway"\} [\d.e-]+$/m);
    } finally {
      monitor.stop();
    }
  });

  it('should answer 503 with Retry-After and a clear message when no instance of an upstream answers', async () => {
    const gateway = createGatewayApp({ commandUrl: 'http://127.0.0.1:9', queryUrl: 'http://127.0.0.1:9', webDist: null, logger: createLogger('test', { level: 'silent' }) });
    const res = await request(gateway).get('/api/video/videos').expect(503);
    expect(res.headers['retry-after']).toBe('2');
    expect(res.body).toEqual({ error: UNAVAILABLE_MESSAGE });
  });

  it('should answer 502 without Retry-After when the upstream took the request and broke off, since it may have done the work', async () => {
    // Given an upstream that reads the request and drops the connection without an answer (a crash mid-request),
    const dropping = createServer((socket) => socket.once('data', () => socket.destroy()));
    await new Promise<void>((resolve) => dropping.listen(0, '127.0.0.1', resolve));
    try {
      const upstream = `http://127.0.0.1:${(dropping.address() as AddressInfo).port}`;
      const gateway = createGatewayApp({ commandUrl: upstream, queryUrl: upstream, webDist: null, logger: createLogger('test', { level: 'silent' }) });
      // when a command goes through, then the client is told without being invited to send it again.
      const res = await request(gateway).post('/api/series').send({ name: 'x' }).expect(502);
      expect(res.headers['retry-after']).toBeUndefined();
      expect(res.body).toEqual({ error: UNAVAILABLE_MESSAGE });
    } finally {
      dropping.close();
    }
  });
});
