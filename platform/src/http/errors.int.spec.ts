import { Writable } from 'node:stream';
import express from 'express';
import request from 'supertest';
import { z } from 'zod';
import { ConflictError, ForbiddenError, NotFoundError, TooManyRequestsError, UnauthorizedError, ValidationError } from '@app/domain';
import { WrongExpectedRevisionError } from '../event-store/port';
import { createLogger } from '../logging/logger';
import { errorMiddleware, parseOrThrow } from './errors';

function appThrowing(error: unknown) {
  const lines: string[] = [];
  const destination = new Writable({ write(chunk, _enc, cb) { lines.push(chunk.toString()); cb(); } });
  const app = express();
  app.use(express.json());
  app.post('/boom', () => { throw error; });
  app.post('/parse', (req, res) => res.json(parseOrThrow(z.object({ email: z.email('Invalid email address'), age: z.number() }), req.body)));
  app.post('/parse-counts', (req, res) => res.json(parseOrThrow(z.record(z.string(), z.number('Must be a number')), req.body)));
  app.use(errorMiddleware(createLogger('test', { destination })));
  return { app, lines };
}

describe('errorMiddleware', () => {
  it.each([
    [new ValidationError('Invalid email address', { email: 'Invalid email address' }), 400, { error: 'Invalid email address', details: { email: 'Invalid email address' } }],
    [new UnauthorizedError('Invalid credentials'), 401, { error: 'Invalid credentials' }],
    [new ForbiddenError('Monthly video limit reached'), 403, { error: 'Monthly video limit reached' }],
    [new NotFoundError('Video not found'), 404, { error: 'Video not found' }],
    [new ConflictError('Video is still processing'), 409, { error: 'Video is still processing' }],
    [new TooManyRequestsError('Too many attempts'), 429, { error: 'Too many attempts' }],
    [new WrongExpectedRevisionError('video-1', 3, 4), 409, { error: 'This changed while you were editing it. Please try again.' }],
  ])('should map %p to its status with an `error` body', async (error, status, body) => {
    const res = await request(appThrowing(error).app).post('/boom').expect(status);
    expect(res.body).toEqual(body);
  });

  it('should answer an unknown error with a logged 500 that leaks nothing', async () => {
    const { app, lines } = appThrowing(new Error('secret database detail at /srv/db.sqlite'));
    const res = await request(app).post('/boom').expect(500);
    expect(res.body).toEqual({ error: 'Internal server error' });
    expect(JSON.stringify(res.body)).not.toContain('secret');
    expect(lines.join('')).toContain('secret database detail');
  });

  it('should answer malformed JSON with 400', async () => {
    const res = await request(appThrowing(null).app).post('/parse').set('content-type', 'application/json').send('{"email": ').expect(400);
    expect(res.body).toEqual({ error: 'The request body is not valid JSON' });
  });

  it('should answer a failed parse with the first message and per-field details', async () => {
    const res = await request(appThrowing(null).app).post('/parse').send({ email: 'nope', age: 'x' }).expect(400);
    expect(res.body.error).toBe('Invalid email address');
    expect(Object.keys(res.body.details)).toEqual(['email', 'age']);
  });

  it('should name a refused field even when it is called like a member of every object', async () => {
    const res = await request(appThrowing(null).app).post('/parse-counts').send({ constructor: 'x', toString: 'y' }).expect(400);
    expect(res.body.details).toEqual({ constructor: 'Must be a number', toString: 'Must be a number' });
  });
});

describe('createLogger', () => {
  it('should redact secrets wherever they appear', () => {
    const lines: string[] = [];
    const destination = new Writable({ write(chunk, _enc, cb) { lines.push(chunk.toString()); cb(); } });
    const logger = createLogger('test', { destination });
    logger.info({ password: 'hunter2!', body: { token: 'jwt-abc', refreshToken: 'r-1' }, req: { headers: { authorization: 'Bearer jwt-abc', cookie: 'token=1' } } }, 'hello');
    const line = JSON.parse(lines[0]);
    expect(line.service).toBe('test');
    expect(lines[0]).not.toMatch(/hunter2|jwt-abc|r-1|token=1/);
    expect(line.password).toBe('[redacted]');
  });
});
