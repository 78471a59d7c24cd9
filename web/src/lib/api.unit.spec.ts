/**
 * @jest-environment-options {"customExportConditions": [""]}
 */
import { http, HttpResponse, server, useMswServer } from '../../test/server';
import { makeStore } from '../app/store';
import { api, formatHttpError } from './api';
import { positionSeen } from './position-slice';

useMswServer();

const probe = api.injectEndpoints({
  endpoints: (build) => ({
    probe: build.query<{ ok: boolean }, void>({ query: () => '/api/probe' }),
    poke: build.mutation<{ position: number }, void>({ query: () => ({ url: '/api/poke', method: 'POST', body: {} }) }),
  }),
});

describe('The default query rules', () => {
  it("should word errors 'Server error: {status} - {statusText}' and '{status}: {body text}'", () => {
    expect(formatHttpError(503, 'Service Unavailable', 'x')).toBe('Server error: 503 - Service Unavailable');
    expect(formatHttpError(404, 'Not Found', '{"error":"Video not found"}')).toBe('404: {"error":"Video not found"}');
  });

  it('should send the bearer token and the last position as x-min-position', async () => {
    let headers: Headers | undefined;
    server.use(
      http.get('*/api/probe', ({ request }) => {
        headers = request.headers;
        return HttpResponse.json({ ok: true });
      }),
    );
    window.localStorage.setItem('token', 't0k');
    const store = makeStore();
    store.dispatch(positionSeen(41));
    await store.dispatch(probe.endpoints.probe.initiate());
    expect(headers?.get('authorization')).toBe('Bearer t0k');
    expect(headers?.get('x-min-position')).toBe('41');
  });

  it('should ask again when the answer says our last write is not in it yet (x-stale), not show it as fresh', async () => {
    let calls = 0;
    server.use(
      http.get('*/api/probe', () => {
        calls += 1;
        return calls < 3 ? HttpResponse.json({ ok: false }, { headers: { 'x-stale': '1' } }) : HttpResponse.json({ ok: true });
      }),
    );
    const store = makeStore();
    store.dispatch(positionSeen(7));
    const result = await store.dispatch(probe.endpoints.probe.initiate());
    expect(result.data).toEqual({ ok: true });
    expect(calls).toBe(3);
  });

  it('should keep the position a mutation answered with', async () => {
    server.use(http.post('*/api/poke', () => HttpResponse.json({ position: 99 })));
    const store = makeStore();
    await store.dispatch(probe.endpoints.poke.initiate());
    expect(store.getState().position.last).toBe(99);
    // ...and over a reload of the page in this tab: the next store starts there.
    expect(makeStore().getState().position.last).toBe(99);
  });

  it('should reject with the 5xx wording and not retry', async () => {
    let calls = 0;
    server.use(
      http.get('*/api/probe', () => {
        calls += 1;
        return new HttpResponse('boom', { status: 500, statusText: 'Internal Server Error' });
      }),
    );
    const store = makeStore();
    const result = await store.dispatch(probe.endpoints.probe.initiate());
    expect(result.error).toMatchObject({ status: 500, message: 'Server error: 500 - Internal Server Error' });
    expect(calls).toBe(1);
  });

  it('should ask a busy server (503) once more after its Retry-After, then show the 5xx wording if it is still busy', async () => {
    let calls = 0;
    server.use(
      http.post('*/api/poke', () => {
        calls += 1;
        return calls === 1 ? HttpResponse.json({ error: 'busy' }, { status: 503, headers: { 'retry-after': '0' } }) : HttpResponse.json({ position: 3 });
      }),
    );
    const store = makeStore();
    expect((await store.dispatch(probe.endpoints.poke.initiate())).data).toEqual({ position: 3 });
    expect(calls).toBe(2);

    calls = 0;
    server.use(http.get('*/api/probe', () => {
      calls += 1;
      return new HttpResponse('busy', { status: 503, statusText: 'Service Unavailable', headers: { 'retry-after': '0' } });
    }));
    const busy = await store.dispatch(probe.endpoints.probe.initiate());
    expect(busy.error).toMatchObject({ status: 503, message: 'Server error: 503 - Service Unavailable' });
    expect(calls).toBe(2);
  });

  it('should not send a write again on a 503 without Retry-After: the store may have carried it out before the connection broke', async () => {
    let calls = 0;
    server.use(
      http.post('*/api/poke', () => {
        calls += 1;
        return HttpResponse.json({ error: 'The service is briefly unavailable. Please try again in a moment.' }, { status: 503, statusText: 'Service Unavailable' });
      }),
    );
    const result = await makeStore().dispatch(probe.endpoints.poke.initiate());
    expect(result.error).toMatchObject({ status: 503 });
    expect(calls).toBe(1);
  });
});
