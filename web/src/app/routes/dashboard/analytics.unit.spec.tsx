/**
 * @jest-environment-options {"customExportConditions": [""]}
 */
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { renderRoutes } from '../../../../test/render';
import { server, http, HttpResponse, useMswServer } from '../../../../test/server';
import AnalyticsRoute from './analytics';
import { DashboardShell } from '../../../features/dashboard/components/dashboard-shell';

useMswServer();
jest.setTimeout(20_000);

const me = (roles: string[]) => http.get('/api/auth/me', () => HttpResponse.json({ _id: 'u1', email: 'ana@example.com', name: 'Ana', roles }));
const anEvent = (position: number, fields: Record<string, unknown> = {}) => ({
  id: `e${position}`,
  position, streamId: 'video-v1', revision: position - 1, type: 'VideoRequested', data: { videoId: 'v1' }, metadata: { correlationId: 'c-1', causationId: 'c-1' }, recordedAt: '2026-11-24T10:00:00.000Z', ...fields,
});
const projection = (name: string, fields: Record<string, unknown> = {}) => ({
  name, kind: 'read-model', position: 10, headPosition: 12, lag: 2, status: 'live', rebuiltAt: null, eventsPerSecond: 3, rebuild: null, ...fields,
});
const emptyStats = {
  buckets: [], renderSeconds: { p50: 0, p95: 0, byStage: {} }, failuresByStage: {}, postsByPlatform: {}, plans: { FREE: 1, STARTER: 0, DAILY: 0, HARDCORE: 0 }, funnel: { signedUp: 1, firstVideo: 0, subscribed: 0 },
};

const renderAt = (at: string) =>
  renderRoutes({ at, routes: [{ path: '/dashboard/analytics', element: <AnalyticsRoute /> }, { path: '/dashboard', element: <DashboardShell onLogout={() => undefined}><p>home</p></DashboardShell> }] });

beforeEach(() => window.localStorage.setItem('token', 'good'));

describe('Given a creator (no analyst role)', () => {
  it('should not show Analytics in the sidebar, and show the 404 page at its URL', async () => {
    server.use(me([]));
    renderAt('/dashboard');
    await screen.findByText('home');
    expect(within(screen.getAllByRole('navigation', { name: 'Dashboard' })[0]).queryByText('Analytics')).toBeNull();
    renderAt('/dashboard/analytics');
    expect(await screen.findByText('404 Page Not Found')).toBeInTheDocument();
  });
});

describe('Given an analyst', () => {
  it('should show Analytics in the sidebar', async () => {
    server.use(me(['analyst']), http.get('/api/video/stats', () => HttpResponse.json({ monthlyCount: 0, total: 0, planLimit: 1 })));
    renderAt('/dashboard');
    const nav = (await screen.findAllByRole('navigation', { name: 'Dashboard' }))[0];
    await waitFor(() => expect(within(nav).getByText('Analytics')).toBeInTheDocument());
  });

  it('should page through the filtered log and open an event with its stream history', async () => {
    const asked: URLSearchParams[] = [];
    server.use(
      me(['analyst']),
      http.get('/api/analytics/events', ({ request }) => {
        const params = new URL(request.url).searchParams;
        asked.push(params);
        const after = Number(params.get('after'));
        const events = after === 0 ? Array.from({ length: 50 }, (_, i) => anEvent(i + 1)) : [anEvent(51, { type: 'VideoRendered' })];
        return HttpResponse.json({ events, lastPosition: events[events.length - 1].position, headPosition: 51 });
      }),
      http.get('/api/analytics/streams/:streamId', ({ request }) => {
        const asOf = new URL(request.url).searchParams.get('asOf');
        const events = [anEvent(1), anEvent(2, { type: 'VideoRendered' })];
        const upTo = asOf ? events.filter((e) => e.position <= Number(asOf)) : events;
        return HttpResponse.json({ streamId: 'video-v1', revision: upTo.length - 1, headRevision: 1, events: upTo, state: { status: upTo.length === 2 ? 'done' : 'requested' } });
      }),
    );
    const user = userEvent.setup();
    renderAt('/dashboard/analytics?view=events');
    expect(await screen.findByText('Head position 51', {}, { timeout: 5000 })).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Next' }));
    await screen.findByText('VideoRendered', {}, { timeout: 5000 });
    expect(asked.at(-1)?.get('after')).toBe('50');

    await user.click(screen.getByText('VideoRendered'));
    await user.click(await screen.findByRole('tab', { name: 'Stream history' }));
    await waitFor(() => expect(screen.getByTestId('stream-state')).toHaveTextContent('"status": "done"'), { timeout: 5000 });
  });

  it("should offer today's date as the example in the From and To fields", async () => {
    // Given an analyst on the Events tab
    server.use(me(['analyst']), http.get('/api/analytics/events', () => HttpResponse.json({ events: [], lastPosition: 0, headPosition: 0 })));
    renderAt('/dashboard/analytics?view=events');
    // Then the examples are a window of today, in the form the fields take
    const now = new Date();
    const today = `${now.getFullYear()}-${String(now.getMonth() + 1).padStart(2, '0')}-${String(now.getDate()).padStart(2, '0')}`;
    expect(await screen.findByRole('textbox', { name: 'From' })).toHaveAttribute('placeholder', `${today}T00:00`);
    expect(screen.getByRole('textbox', { name: 'To' })).toHaveAttribute('placeholder', `${today}T23:59`);
  });

  it('should link an event to the other events of its user action, and show that action alone', async () => {
    const asked: URLSearchParams[] = [];
    const action = [
      anEvent(1, { type: 'VideoRequested', metadata: { correlationId: 'act-1', causationId: 'act-1' } }),
      anEvent(2, { type: 'VideoCreditUsed', streamId: 'subscription-u1', metadata: { correlationId: 'act-1', causationId: 'act-1' } }),
      anEvent(3, { type: 'RenderStageReached', metadata: { correlationId: 'act-1', causationId: 'e1' } }),
    ];
    server.use(
      me(['analyst']),
      http.get('/api/analytics/events', ({ request }) => {
        const params = new URL(request.url).searchParams;
        asked.push(params);
        const events = params.get('correlation') === 'act-1' ? action : [action[0]];
        return HttpResponse.json({ events, lastPosition: events[events.length - 1].position, headPosition: 3 });
      }),
    );
    const user = userEvent.setup();
    renderAt('/dashboard/analytics?view=events');
    await user.click(await screen.findByText('VideoRequested', {}, { timeout: 5000 }));
    const related = await screen.findByRole('list', { name: 'Events of this user action' }, { timeout: 5000 });
    await waitFor(() => expect(within(related).getAllByRole('listitem')).toHaveLength(3));
    expect(within(related).getByText('caused by this event')).toBeInTheDocument();
    expect(within(related).getByText('this event')).toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: 'act-1' }));
    expect(await screen.findByText(/Showing one user action/)).toBeInTheDocument();
    await waitFor(() => expect(asked.some((p) => p.get('correlation') === 'act-1' && p.get('after') === '0' && p.get('limit') === '50')).toBe(true));
  });

  it('should start a rebuild and show its progress, and say why one was refused', async () => {
    let rebuilding = false;
    server.use(
      me(['analyst']),
      http.get('/api/analytics/projections', () => HttpResponse.json({ projections: [projection('video-list', rebuilding ? { status: 'rebuilding', rebuild: { position: 5, target: 10, startedAt: '2026-11-24T10:00:00.000Z' } } : {}), projection('series-view'), projection('render-relay', { kind: 'reactor' })] })),
      http.post('/api/analytics/projections/video-list/rebuild', () => {
        rebuilding = true;
        return HttpResponse.json({ name: 'video-list', status: 'rebuilding', position: 13 }, { status: 202 });
      }),
      http.post('/api/analytics/projections/series-view/rebuild', () => HttpResponse.json({ error: 'A rebuild of this projection is already running' }, { status: 409 })),
    );
    const user = userEvent.setup();
    renderAt('/dashboard/analytics?view=projections');
    await user.click(await screen.findByRole('button', { name: 'Rebuild video-list' }));
    expect(await screen.findByText('Rebuild started')).toBeInTheDocument();
    expect(await screen.findByLabelText('Rebuilding video-list', {}, { timeout: 5000 })).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Rebuild render-relay' })).toBeNull();

    await user.click(screen.getByRole('button', { name: 'Rebuild series-view' }));
    expect(await screen.findByText('A rebuild of this projection is already running')).toBeInTheDocument();
  });

  it("should show each consumer group's lag per topic", async () => {
    server.use(me(['analyst']), http.get('/api/analytics/bus-lag', () => HttpResponse.json({
      bus: 'kafka',
      groups: [
        { groupId: 'render-workers', topic: 'render.requests', partitions: 6, lag: 14, maxPartitionLag: 4 },
        { groupId: 'status-ingester', topic: 'render.status', partitions: 6, lag: 0, maxPartitionLag: 0 },
      ],
    })));
    renderAt('/dashboard/analytics?view=bus');
    const table = await screen.findByRole('table');
    const workers = (await within(table).findByText('render-workers')).closest('tr')!;
    expect(within(workers).getByText('render.requests')).toBeInTheDocument();
    expect(within(workers).getByText('14')).toBeInTheDocument();
    expect(within(workers).getByText('4')).toBeInTheDocument();
    expect(screen.getByText('kafka')).toBeInTheDocument();
  });

  it('should show the overview with its figures, and an empty state for charts with no data', async () => {
    server.use(me(['analyst']), http.get('/api/analytics/stats', () => HttpResponse.json(emptyStats)));
    renderAt('/dashboard/analytics');
    expect(await screen.findByText('Sign-ups')).toBeInTheDocument();
    expect(screen.getAllByText('Nothing in this range yet').length).toBeGreaterThan(0);
  });
});
