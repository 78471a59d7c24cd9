import { Writable } from 'node:stream';
import { createServer } from 'node:net';
import express from 'express';
import { MongoClient } from 'mongodb';
import pg from 'pg';
import request from 'supertest';
import { z } from 'zod';
import { ConflictError, ForbiddenError, NotFoundError, TooManyRequestsError, UnauthorizedError, ValidationError } from '@app/domain';
import { WrongExpectedRevisionError } from '../event-store/port';
import { createLogger } from '../logging/logger';
import { errorMiddleware, parseOrThrow, UNAVAILABLE_MESSAGE } from './errors';

function appThrowing(error: unknown) {
  const lines: string[] = [];
  const destination = new Writable({ write(chunk, _enc, cb) { lines.push(chunk.toString()); cb(); } });
  const app = express();
  app.use(express.json());
  app.post('/boom', () => { throw error; });
  app.get('/boom', () => { throw error; });
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

/** A port nothing listens on: a store that is down. */
async function closedPort(): Promise<number> {
  const server = createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as { port: number };
  await new Promise((resolve) => server.close(resolve));
  return port;
}

describe('errorMiddleware, given a store out of reach', () => {
  const thrownBy = async (work: () => Promise<unknown>) => work().then(() => { throw new Error('the store answered'); }, (error: unknown) => error);

  it.each([
    ['PostgreSQL (pg) refusing the connection', async (port: number) => {
      const pool = new pg.Pool({ connectionString: `postgres://studio:studio@127.0.0.1:${port}/studio`, connectionTimeoutMillis: 2000 });
      try {
        return await thrownBy(() => pool.query('SELECT 1'));
      } finally {
        await pool.end();
      }
    }],
    ['MongoDB (the driver) finding no server', async (port: number) => {
      const client = new MongoClient(`mongodb://127.0.0.1:${port}/`, { serverSelectionTimeoutMS: 300 });
      try {
        return await thrownBy(() => client.db('studio').collection('videos').findOne({}));
      } finally {
        await client.close();
      }
    }],
  ])('should answer what %s throws with 503 and Retry-After, and log it as a warning, not a 500', async (_name, fail) => {
    // Given the driver's own error for a server that is down,
    const error = await fail(await closedPort());
    // when a request meets it,
    const { app, lines } = appThrowing(error);
    const res = await request(app).post('/boom').expect(503);
    // then the client is asked to come back, and nothing of the store leaks.
    expect(res.headers['retry-after']).toBe('2');
    expect(res.body).toEqual({ error: UNAVAILABLE_MESSAGE });
    expect(lines.join('')).toContain('"level":40');
    expect(lines.join('')).not.toContain('Unhandled error');
  }, 15_000);

  it.each([
    ['a server shutting down (PostgreSQL 57P01)', Object.assign(new Error('terminating connection due to administrator command'), { code: '57P01' })],
    ['a connection cut under a query (pg, in words only)', new Error('Connection terminated unexpectedly')],
    ['a reset socket behind a wrapper', new Error('append failed', { cause: Object.assign(new Error('read ECONNRESET'), { code: 'ECONNRESET' }) })],
  ])('should answer a write that met %s with 503 but no Retry-After: the store may have carried it out', async (_name, error) => {
    const res = await request(appThrowing(error).app).post('/boom').expect(503);
    expect(res.headers['retry-after']).toBeUndefined();
  });

  it.each([
    ['one of several addresses refused', new AggregateError([Object.assign(new Error('connect ECONNREFUSED ::1:5432'), { code: 'ECONNREFUSED' })])],
    ['a server that cannot take connections yet (PostgreSQL 57P03)', Object.assign(new Error('the database system is starting up'), { code: '57P03' })],
    ['no free connection in time (pg, in words only)', new Error('timeout exceeded when trying to connect')],
  ])('should answer a write that met %s with 503 and Retry-After: nothing of it was carried out', async (_name, error) => {
    const res = await request(appThrowing(error).app).post('/boom').expect(503);
    expect(res.headers['retry-after']).toBe('2');
  });

  it('should invite a read cut midway to be sent again: reading twice changes nothing', async () => {
    const res = await request(appThrowing(Object.assign(new Error('read ECONNRESET'), { code: 'ECONNRESET' })).app).get('/boom').expect(503);
    expect(res.headers['retry-after']).toBe('2');
  });

  it.each([
    ['a bug', new TypeError("Cannot read properties of undefined (reading 'id')")],
    ['a constraint the store enforced (PostgreSQL 23505)', Object.assign(new Error('duplicate key value violates unique constraint'), { code: '23505' })],
  ])('should still answer %s with a logged 500', async (_name, error) => {
    await request(appThrowing(error).app).post('/boom').expect(500);
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
