import express from 'express';
import helmet from 'helmet';
import request from 'supertest';
import { HELMET_OPTIONS, securityHeaders } from './security-headers';

const answered = (middleware: express.RequestHandler) => {
  const app = express();
  // X-Powered-By left on, as Express sets it: helmet removes it, and so must the headers worked out once.
  app.use(middleware);
  app.get('/api/things', (_req, res) => void res.json({ ok: true }));
  app.get('/', (_req, res) => void res.type('html').send('<p>Home</p>'));
  return app;
};

describe('securityHeaders', () => {
  it('sets on every answer exactly the headers helmet sets, worked out once', async () => {
    for (const path of ['/api/things', '/']) {
      // Given the same options, When an answer goes out through each
      const ours = await request(answered(securityHeaders())).get(path);
      const helmets = await request(answered(helmet(HELMET_OPTIONS))).get(path);
      // Then the headers are the same, bar the date
      const { date: _ourDate, ...ourHeaders } = ours.headers;
      const { date: _theirDate, ...helmetHeaders } = helmets.headers;
      expect(ourHeaders).toEqual(helmetHeaders);
      expect(ours.headers['content-security-policy']).toContain("frame-ancestors 'none'");
      expect(ours.headers['x-content-type-options']).toBe('nosniff');
      expect(ours.headers['x-powered-by']).toBeUndefined();
    }
  });
});
