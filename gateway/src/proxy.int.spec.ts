import express from 'express';
import request from 'supertest';
import type { AddressInfo } from 'node:net';
import { ALL_ROUTES } from '@app/domain';
import { createLogger } from '@app/platform';
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

  it('should answer 502 with a clear message when an upstream is down', async () => {
    const gateway = createGatewayApp({ commandUrl: 'http://127.0.0.1:9', queryUrl: 'http://127.0.0.1:9', webDist: null, logger: createLogger('test', { level: 'silent' }) });
    const res = await request(gateway).get('/api/video/videos').expect(502);
    expect(res.body).toEqual({ error: 'Service temporarily unavailable. Please try again in a moment.' });
  });
});
