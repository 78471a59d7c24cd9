import request from 'supertest';
import { startEmbeddedServer, type TestServer } from '../support/embedded-server';

jest.setTimeout(120_000);

const aSeries = { name: 'Owls', topic: 'Fun Facts', customPrompt: '', voiceid: 'nPczCjzI2devNBz1zQrb', style: 'anime', aspectRatio: '9:16', language: 'English', duration: 30, platforms: [] };

/**
 * Analysts follow one user action across streams by its correlation id: every event a request
 * causes carries the request's own (the caller's `x-correlation-id`, or a new one it is answered
 * with), whichever handler issues the command.
 */
describe('Events caused by a request carry its correlation id', () => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startEmbeddedServer({ webDist: null });
  });
  afterAll(async () => {
    await server?.stop();
  });

  const eventsOf = async (correlationId: string) =>
    (await server.infra.eventStore.readLog({ correlationId, limit: 100 })).map((e) => `${e.streamId.split('-')[0]}:${e.type}`);

  it("should stamp each event with the caller's x-correlation-id", async () => {
    const registered = await request(server.url).post('/api/auth/register').set('x-correlation-id', 'corr-register-1')
      .send({ name: 'Ada', email: 'ada-corr@example.com', password: 'secret1!' }).expect(201);
    expect(registered.headers['x-correlation-id']).toBe('corr-register-1');
    expect(await eventsOf('corr-register-1')).toEqual(expect.arrayContaining(['email:EmailClaimed', 'user:UserRegistered']));

    const auth = { authorization: `Bearer ${registered.body.token}` };
    const created = await request(server.url).post('/api/series').set(auth).set('x-correlation-id', 'corr-series-1').send(aSeries).expect(201);
    await request(server.url).patch(`/api/series/${created.body.seriesId}`).set(auth).set('x-correlation-id', 'corr-rename-1').send({ name: 'Owls at night' }).expect(200);
    await request(server.url).post('/api/auth/update-email').set(auth).set('x-correlation-id', 'corr-email-1').send({ email: 'ada-corr2@example.com' }).expect(200);
    expect(await eventsOf('corr-series-1')).toEqual(expect.arrayContaining(['series:SeriesCreated']));
    expect(await eventsOf('corr-rename-1')).toEqual(['series:SeriesUpdated']);
    expect(await eventsOf('corr-email-1')).toEqual(expect.arrayContaining(['email:EmailClaimed', 'user:EmailChanged', 'email:EmailReleased']));
  });

  it('should give a request without one a new id, answered in x-correlation-id and shared by its events', async () => {
    const registered = await request(server.url).post('/api/auth/register').send({ name: 'Bea', email: 'bea-corr@example.com', password: 'secret1!' }).expect(201);
    const correlationId = registered.headers['x-correlation-id'];
    expect(correlationId).toMatch(/^[0-9a-f-]{36}$/);
    expect(await eventsOf(correlationId)).toEqual(expect.arrayContaining(['email:EmailClaimed', 'user:UserRegistered']));
  });
});
