/**
 * @jest-environment-options {"customExportConditions": [""]}
 */
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { localToInstant, type SeriesResponse } from '@app/domain';
import { renderRoutes, marker } from '../../../../test/render';
import { server, http, HttpResponse, useMswServer } from '../../../../test/server';
import { SeriesHome } from './series-home';

useMswServer();
// No batch unless a test says so (each series card asks for its batches).
beforeEach(() => server.use(http.get('/api/series/:id/batch', () => HttpResponse.json({ batches: [] }))));

/** Tomorrow's date in a zone, as [year, month, day]. */
function tomorrowIn(timeZone: string): [number, number, number] {
  const parts = new Intl.DateTimeFormat('en-CA', { timeZone, year: 'numeric', month: '2-digit', day: '2-digit' }).format(new Date());
  const [y, m, d] = parts.split('-').map(Number);
  const next = new Date(Date.UTC(y, m - 1, d + 1));
  return [next.getUTCFullYear(), next.getUTCMonth() + 1, next.getUTCDate()];
}

function aSeries(overrides: Partial<SeriesResponse> = {}): SeriesResponse {
  return {
    _id: 'series-1',
    name: 'Owls at night',
    status: 'active',
    topic: 'Fun Facts',
    customPrompt: null,
    voiceid: 'v1',
    style: 'anime',
    aspectRatio: '9:16',
    language: 'English',
    duration: 30,
    platforms: ['youtube', 'tiktok'],
    schedule: { timeZone: 'Europe/Paris', times: ['18:00'], days: [0, 1, 2, 3, 4, 5, 6] },
    nextPostAt: new Date(localToInstant(...tomorrowIn('Europe/Paris'), '18:00', 'Europe/Paris')).toISOString(),
    recentPosts: [],
    createdAt: '2025-06-01T10:00:00Z',
    ...overrides,
  };
}

const subscription = (plan: string | null) =>
  http.get('/api/billing/subscription', () =>
    HttpResponse.json({ subscription: plan ? { plan, status: 'active', currentPeriodEnd: '2999-01-01T00:00:00Z' } : null }),
  );

/** GET /api/series answers `lists` in turn (the last one repeats); counts the reads. */
function seriesList(...lists: SeriesResponse[][]) {
  const reads: Array<string | null> = [];
  const handler = http.get('/api/series', ({ request }) => {
    reads.push(request.headers.get('x-min-position'));
    return HttpResponse.json({ series: lists[Math.min(reads.length - 1, lists.length - 1)] });
  });
  return { handler, reads };
}

function renderHome(hasVideos = false) {
  return renderRoutes({
    at: '/dashboard',
    withAuth: false,
    routes: [
      { path: '/dashboard', element: <SeriesHome hasVideos={hasVideos} /> },
      marker('/dashboard/create', 'CREATE PAGE'),
      marker('/dashboard/view/:id', 'DETAIL PAGE'),
      marker('/dashboard/billing', 'BILLING PAGE'),
      marker('/dashboard/guides', 'GUIDES PAGE'),
    ],
  });
}

describe('When the user has no series', () => {
  it('should show the empty state with CREATE YOUR SERIES', async () => {
    server.use(subscription(null), seriesList([]).handler);
    renderHome();
    expect(await screen.findByText("You haven't started a Faceless Video series yet.")).toBeInTheDocument();
    expect(screen.queryByTestId('one-off-hint')).not.toBeInTheDocument();
    fireEvent.click(screen.getByRole('link', { name: /CREATE YOUR SERIES/ }));
    expect(await screen.findByText('CREATE PAGE')).toBeInTheDocument();
  });

  it('should say where one-off videos are when the user made some, without calling them a series', async () => {
    server.use(subscription(null), seriesList([]).handler);
    renderHome(true);
    expect(await screen.findByText("You haven't started a Faceless Video series yet.")).toBeInTheDocument();
    expect(screen.getByTestId('one-off-hint')).toHaveTextContent('Your videos are listed under Your Videos below.');
  });
});

describe('When the user has series', () => {
  it('should show name, topic, art style, status, platforms and the next post in the series time zone', async () => {
    server.use(subscription('STARTER'), seriesList([aSeries(), aSeries({ _id: 'series-2', name: 'Space', status: 'paused', nextPostAt: null, platforms: ['instagram'], style: 'comic' })]).handler);
    renderHome();
    const [owls, space] = await screen.findAllByTestId('series-item');
    expect(within(owls).getByRole('heading', { name: 'Owls at night' })).toBeInTheDocument();
    expect(within(owls).getByText('Fun Facts')).toBeInTheDocument();
    expect(within(owls).getByText('Anime')).toBeInTheDocument();
    expect(within(owls).getByText('Active')).toBeInTheDocument();
    expect(within(owls).getByText('YouTube')).toBeInTheDocument();
    expect(within(owls).getByText('TikTok')).toBeInTheDocument();
    expect(within(owls).getByText('Tomorrow 18:00 (Europe/Paris)')).toBeInTheDocument();
    expect(within(owls).getByText('Every day at 18:00')).toBeInTheDocument();
    expect(within(space).getByText('Paused')).toBeInTheDocument();
    expect(within(space).getByText('Paused: resume to post again')).toBeInTheDocument();
    expect(within(space).getByRole('button', { name: 'Resume Space' })).toBeInTheDocument();
    expect(await screen.findByText(/of 3 series on your Starter plan/)).toBeInTheDocument();
  });

  it('should promise no next post for a series that posts to no platform (autopilot skips its slots)', async () => {
    // Given a series made for a batch, without autopilot: no platform, the plan's default schedule
    server.use(subscription(null), seriesList([aSeries({ platforms: [] })]).handler);
    renderHome();
    const [series] = await screen.findAllByTestId('series-item');
    // Then its card says so, instead of a time when nothing will be posted
    expect(within(series).getByText('No platform')).toBeInTheDocument();
    expect(within(series).getByText('None: choose a platform in Edit to post on a schedule')).toBeInTheDocument();
    expect(within(series).queryByText(/Tomorrow 18:00/)).toBeNull();
  });

  it('should list recent posts with links to the published URLs and the spec failure message', async () => {
    const recentPosts: SeriesResponse['recentPosts'] = [
      {
        slot: '2025-06-02T16:00:00Z',
        videoId: 'vid-9',
        skippedReason: null,
        posts: [
          { platform: 'youtube', status: 'published', url: 'https://youtube.example/watch?v=1', error: null },
          { platform: 'tiktok', status: 'failed', url: null, error: 'token expired' },
        ],
      },
      { slot: '2025-05-30T16:00:00Z', videoId: null, skippedReason: 'Monthly video limit reached', posts: [] },
    ];
    server.use(subscription('DAILY'), seriesList([aSeries({ recentPosts })]).handler);
    renderHome();
    const posts = await screen.findByRole('list', { name: 'Recent posts of Owls at night' });
    expect(within(posts).getByText('Mon 2 Jun 18:00')).toBeInTheDocument();
    expect(within(posts).getByRole('link', { name: /YouTube/ })).toHaveAttribute('href', 'https://youtube.example/watch?v=1');
    expect(within(posts).getByText('Failed to upload video to TikTok')).toBeInTheDocument();
    expect(within(posts).getByText('Skipped: Monthly video limit reached')).toBeInTheDocument();
    fireEvent.click(within(posts).getByRole('link', { name: 'Watch video' }));
    expect(await screen.findByText('DETAIL PAGE')).toBeInTheDocument();
  });

  it('should open the Edit form for the series', async () => {
    server.use(subscription('DAILY'), seriesList([aSeries()]).handler);
    const { router } = renderHome();
    fireEvent.click(await screen.findByRole('link', { name: 'Edit Owls at night' }));
    expect(await screen.findByText('CREATE PAGE')).toBeInTheDocument();
    expect(router.state.location.search).toBe('?series=series-1');
  });
});

describe('POST /api/series/:id/pause and /resume', () => {
  it('should pause, toast, and re-read the list at the command position', async () => {
    let paused = '';
    const list = seriesList([aSeries()], [aSeries({ status: 'paused', nextPostAt: null })]);
    server.use(
      subscription('DAILY'),
      list.handler,
      http.post('/api/series/:id/pause', ({ params }) => {
        paused = String(params.id);
        return HttpResponse.json({ success: true, position: 42 });
      }),
    );
    renderHome();
    fireEvent.click(await screen.findByRole('button', { name: 'Pause Owls at night' }));
    expect(await screen.findByText('Series paused')).toBeInTheDocument();
    expect(screen.getByText("“Owls at night” won't post until you resume it.")).toBeInTheDocument();
    expect(paused).toBe('series-1');
    expect(await screen.findByRole('button', { name: 'Resume Owls at night' })).toBeInTheDocument();
    expect(list.reads.at(-1)).toBe('42');
  });

  it('should resume and toast', async () => {
    server.use(
      subscription('DAILY'),
      seriesList([aSeries({ status: 'paused', nextPostAt: null })], [aSeries()]).handler,
      http.post('/api/series/:id/resume', () => HttpResponse.json({ success: true, position: 43 })),
    );
    renderHome();
    fireEvent.click(await screen.findByRole('button', { name: 'Resume Owls at night' }));
    expect(await screen.findByText('Series resumed')).toBeInTheDocument();
    expect(await screen.findByText('Tomorrow 18:00 (Europe/Paris)')).toBeInTheDocument();
  });

  it('should show the server error when pausing fails', async () => {
    server.use(
      subscription('DAILY'),
      seriesList([aSeries()]).handler,
      http.post('/api/series/:id/pause', () => HttpResponse.json({ error: 'Series not found' }, { status: 404 })),
    );
    jest.spyOn(console, 'error').mockImplementation(() => undefined);
    renderHome();
    fireEvent.click(await screen.findByRole('button', { name: 'Pause Owls at night' }));
    expect(await screen.findByText('Series not found')).toBeInTheDocument();
  });
});

describe('DELETE /api/series/:id', () => {
  it('should ask for confirmation, then delete, toast and show the empty state', async () => {
    let deleted = '';
    server.use(
      subscription('DAILY'),
      seriesList([aSeries()], []).handler,
      http.delete('/api/series/:id', ({ params }) => {
        deleted = String(params.id);
        return HttpResponse.json({ success: true, position: 50 });
      }),
    );
    renderHome();
    fireEvent.click(await screen.findByRole('button', { name: 'Delete Owls at night' }));
    const dialog = await screen.findByRole('dialog', { name: 'Delete this series?' });
    expect(deleted).toBe('');
    fireEvent.click(within(dialog).getByRole('button', { name: 'Delete' }));
    expect(await screen.findByText('Series deleted')).toBeInTheDocument();
    expect(deleted).toBe('series-1');
    expect(await screen.findByText("You haven't started a Faceless Video series yet.")).toBeInTheDocument();
  });

  it('should not delete when cancelled', async () => {
    let calls = 0;
    server.use(
      subscription('DAILY'),
      seriesList([aSeries()]).handler,
      http.delete('/api/series/:id', () => {
        calls += 1;
        return HttpResponse.json({ success: true, position: 50 });
      }),
    );
    renderHome();
    fireEvent.click(await screen.findByRole('button', { name: 'Delete Owls at night' }));
    const dialog = await screen.findByRole('dialog', { name: 'Delete this series?' });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(calls).toBe(0);
    expect(screen.getByRole('heading', { name: 'Owls at night' })).toBeInTheDocument();
  });
});

describe("A series' batch on its card (issue 18)", () => {
  const item = (index: number, prompt: string, status: string, videoId: string | null = null, reason: string | null = null) => ({
    index, prompt, topic: 'Custom Topic', customPrompt: prompt, title: null, publishAt: null, status, videoId, reason,
  });
  const aBatch = (patch: object = {}) => ({
    _id: 'batch-1', seriesId: 'series-1', status: 'running', scheduled: false, createdAt: '2025-06-01T10:00:00Z', updatedAt: '2025-06-01T10:05:00Z',
    counts: { total: 4, queued: 1, rendering: 1, done: 1, failed: 0, overLimit: 1, cancelled: 0 },
    items: [item(0, 'Why owls hoot', 'done', 'video-0'), item(1, 'How bats see', 'rendering', 'video-1'), item(2, 'Where moles dig', 'queued'), item(3, 'Fox facts', 'overLimit', null, 'Over your monthly video limit')],
    ...patch,
  });

  it('should show the counts and the items with their videos, and cancel the queued ones', async () => {
    let cancelled = '';
    let reads = 0;
    server.use(
      subscription('DAILY'),
      seriesList([aSeries()]).handler,
      http.get('/api/series/:id/batch', () => {
        reads += 1;
        const after = { status: 'cancelled', counts: { total: 4, queued: 0, rendering: 1, done: 1, failed: 0, overLimit: 1, cancelled: 1 }, items: [item(0, 'Why owls hoot', 'done', 'video-0'), item(1, 'How bats see', 'rendering', 'video-1'), item(2, 'Where moles dig', 'cancelled'), item(3, 'Fox facts', 'overLimit')] };
        return HttpResponse.json({ batches: [cancelled ? aBatch(after) : aBatch()] });
      }),
      http.post('/api/series/:id/batch/:batchId/cancel', ({ params }) => {
        cancelled = `${String(params.id)}/${String(params.batchId)}`;
        return HttpResponse.json({ success: true, position: 77 });
      }),
    );
    renderHome();
    const card = await screen.findByTestId('series-batch');
    expect(within(card).getByText('1 of 3 done · 1 rendering · 1 queued · 1 over the limit')).toBeInTheDocument();
    expect(within(card).getByText('Running')).toBeInTheDocument();
    expect(within(card).getByRole('link', { name: 'Watch video' })).toHaveAttribute('href', '/dashboard/view/video-0');
    expect(within(card).getByText('(over the limit)')).toBeInTheDocument();

    fireEvent.click(within(card).getByRole('button', { name: 'Cancel the batch of Owls at night' }));
    expect(await screen.findByText('Batch cancelled')).toBeInTheDocument();
    expect(cancelled).toBe('series-1/batch-1');
    // Read again after the cancel: the queued item is cancelled, the one rendering carries on, and Cancel is gone.
    await waitFor(() => expect(within(screen.getByTestId('series-batch')).getByText('Cancelled')).toBeInTheDocument());
    expect(reads).toBeGreaterThanOrEqual(2);
    expect(within(screen.getByTestId('series-batch')).queryByRole('button', { name: /Cancel the batch/ })).not.toBeInTheDocument();
  });

  it('should show nothing for a series without a batch', async () => {
    server.use(subscription('DAILY'), seriesList([aSeries()]).handler);
    renderHome();
    expect(await screen.findByRole('heading', { name: 'Owls at night' })).toBeInTheDocument();
    expect(screen.queryByTestId('series-batch')).not.toBeInTheDocument();
  });
});
