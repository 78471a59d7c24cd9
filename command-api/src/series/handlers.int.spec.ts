import express from 'express';
import request from 'supertest';
import { seriesDecider, seriesStreamId, type SeriesDefinition } from '@app/domain';
import { SessionTokens, createLogger, errorMiddleware, loadState, openSqliteEventStore, routerFor, systemClock, type EventStore } from '@app/platform';
import { seriesHandlers } from './handlers';

const tokens = new SessionTokens('test-secret-that-is-at-least-32-characters-long', 3600);
const definition: SeriesDefinition = {
  seriesId: 's1', userId: 'u1', name: 'Night tales', platforms: ['youtube'],
  settings: { topic: 'Scary Stories', customPrompt: null, voiceId: 'nPczCjzI2devNBz1zQrb', style: 'pixel', aspectRatio: '9:16', language: 'English', duration: 60 },
  schedule: { timeZone: 'UTC', times: ['18:00'], days: [1, 3, 5] },
};

/**
 * A store on which another process changes the series' art style at the moment this one appends
 * its edit: the append then meets a newer revision than the one it was decided on.
 */
function racingStore(inner: EventStore): EventStore & { arm(): void } {
  let armed = false;
  return {
    ...inner,
    arm: () => (armed = true),
    async append(streamId, events, options) {
      if (armed) {
        armed = false;
        await inner.append(streamId, [{ id: 'elsewhere-1', type: 'SeriesUpdated', data: { seriesId: 's1', settings: { ...definition.settings, style: 'anime' }, at: new Date().toISOString() }, metadata: {} }]);
      }
      return inner.append(streamId, events, options);
    },
  };
}

describe('PATCH /api/series/:id (updateSeries)', () => {
  let inner: EventStore;
  let store: ReturnType<typeof racingStore>;
  let app: express.Express;
  const token = tokens.issue('u1');

  beforeEach(async () => {
    inner = openSqliteEventStore({ file: ':memory:' });
    store = racingStore(inner);
    await inner.append(seriesStreamId('s1'), [{ id: 'created-1', type: 'SeriesCreated', data: { ...definition, at: new Date().toISOString() }, metadata: {} }]);
    app = express();
    app.use(routerFor(seriesHandlers({ eventStore: store, clock: systemClock }), { tokens }));
    app.use(errorMiddleware(createLogger('test', { level: 'silent' })));
  });
  afterEach(() => inner.close());

  describe('Given another process changes the art style while this one changes the narrator', () => {
    it('should keep both changes: the edit is merged with the series as the store holds it, not as the request first read it', async () => {
      // This process has folded the series once (a read of it), so its first try decides on that state.
      await loadState(store, seriesStreamId('s1'), seriesDecider);
      store.arm();
      await request(app).patch('/api/series/s1').set('authorization', `Bearer ${token}`).send({ voiceid: 'JBFqnCBsd6RMkjVDRZzb' }).expect(200);
      // Folded afresh from the store (no state this process kept for `inner`).
      const { state } = await loadState(inner, seriesStreamId('s1'), seriesDecider);
      expect(state).toMatchObject({ settings: { style: 'anime', voiceId: 'JBFqnCBsd6RMkjVDRZzb', topic: 'Scary Stories' } });
    });
  });

  describe('Given another creator', () => {
    it('should answer 404 and write nothing', async () => {
      await request(app).patch('/api/series/s1').set('authorization', `Bearer ${tokens.issue('u2')}`).send({ name: 'Mine now' }).expect(404);
      expect(await inner.readStream(seriesStreamId('s1'))).toHaveLength(1);
    });
  });
});
