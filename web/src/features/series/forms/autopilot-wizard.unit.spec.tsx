/**
 * @jest-environment-options {"customExportConditions": [""]}
 */
import { fireEvent, screen, waitFor } from '@testing-library/react';
import { VOICES, type SeriesResponse } from '@app/domain';
import { renderRoutes, marker } from '../../../../test/render';
import { server, http, HttpResponse, useMswServer } from '../../../../test/server';
import { CreateSeriesWizard } from './create-series-wizard';
import { EditSeries } from './edit-series';

useMswServer();
// The full wizard (every voice, style and the autopilot section) renders slowly under jsdom.
jest.setTimeout(30_000);

const subscription = (plan: string | null) =>
  http.get('/api/billing/subscription', () =>
    HttpResponse.json({ subscription: plan ? { plan, status: 'active', currentPeriodEnd: '2999-01-01T00:00:00Z' } : null }),
  );
const links = (connected: Partial<Record<'youtube' | 'tiktok' | 'instagram', Record<string, unknown>>> = {}) =>
  http.get('/api/auth/:platform/status', ({ params }) => {
    const found = connected[params.platform as 'youtube'];
    return HttpResponse.json(found ? { connected: true, ...found } : { connected: false });
  });

function renderAt(at: string, element: React.ReactElement, path = '/dashboard/create') {
  return renderRoutes({
    at,
    withAuth: false,
    routes: [
      { path, element },
      marker('/dashboard', 'HOME PAGE'),
      marker('/dashboard/view/:id', 'DETAIL PAGE'),
      marker('/dashboard/billing', 'BILLING PAGE'),
      marker('/dashboard/account', 'ACCOUNT PAGE'),
    ],
  });
}

function toStep2AndFill() {
  fireEvent.click(screen.getByRole('radio', { name: /Fun Facts/ }));
  fireEvent.click(screen.getByRole('button', { name: /Next/ }));
  fireEvent.click(screen.getByRole('radio', { name: new RegExp(VOICES[0].name) }));
  fireEvent.click(screen.getByRole('radio', { name: /^Anime/ }));
}

const autopilotSwitch = () => screen.getByRole('switch', { name: 'Post automatically on a schedule' });
const day = (name: string) => screen.getByRole('checkbox', { name });
const checkedDays = () => ['Monday', 'Tuesday', 'Wednesday', 'Thursday', 'Friday', 'Saturday', 'Sunday'].filter((d) => (day(d) as HTMLInputElement).checked);
const times = () => screen.getAllByLabelText(/^Posting time \d/).map((el) => (el as HTMLInputElement).value);

describe('When autopilot is off', () => {
  it('should read nothing more and keep the one-video submit', async () => {
    let generated = false;
    server.use(
      http.get('/api/service-status', () => HttpResponse.json({ isReady: true, services: {} })),
      http.post('/api/generate-video', () => {
        generated = true;
        return HttpResponse.json({ videoId: 'vid-1', position: 3 }, { status: 201 });
      }),
    );
    renderAt('/dashboard/create', <CreateSeriesWizard />);
    toStep2AndFill();
    expect(autopilotSwitch()).not.toBeChecked();
    expect(screen.queryByLabelText('Series name')).not.toBeInTheDocument();
    fireEvent.click(screen.getByRole('button', { name: /Create Series/ }));
    expect(await screen.findByText('DETAIL PAGE')).toBeInTheDocument();
    expect(generated).toBe(true);
  });
});

describe('When autopilot is switched on', () => {
  it.each([
    ['STARTER', ['Monday', 'Wednesday', 'Friday'], ['18:00'], 'Your Starter plan posts 3 times a week.'],
    ['DAILY', ['Monday', 'Tuesday', 'Wednesday', 'Thursday', 'Friday', 'Saturday', 'Sunday'], ['18:00'], 'Your Daily plan posts once a day.'],
    ['HARDCORE', ['Monday', 'Tuesday', 'Wednesday', 'Thursday', 'Friday', 'Saturday', 'Sunday'], ['09:00', '18:00'], 'Your Hardcore plan posts twice a day.'],
    [null, ['Monday'], ['18:00'], 'Your Free plan posts once a week.'],
  ])('should default the %s plan schedule', async (plan, days, slots, hint) => {
    server.use(subscription(plan), links());
    renderAt('/dashboard/create', <CreateSeriesWizard />);
    toStep2AndFill();
    fireEvent.click(autopilotSwitch());
    expect(await screen.findByText(hint)).toBeInTheDocument();
    await waitFor(() => expect(checkedDays()).toEqual(days));
    expect(times()).toEqual(slots);
  });

  it('should default the time zone to the browser one and show which platforms are connected', async () => {
    server.use(subscription('DAILY'), links({ youtube: { channelName: 'Night Owl Channel' } }));
    renderAt('/dashboard/create', <CreateSeriesWizard />);
    toStep2AndFill();
    fireEvent.click(autopilotSwitch());
    expect(await screen.findByText(/Connected as Night Owl Channel/)).toBeInTheDocument();
    expect(screen.getAllByText(/Not connected/)).toHaveLength(2);
    expect(screen.getAllByRole('link', { name: 'Connect in Account' })[0]).toHaveAttribute('href', '/dashboard/account');
    expect(screen.getByText(Intl.DateTimeFormat().resolvedOptions().timeZone)).toBeInTheDocument();
    expect(screen.getByRole('button', { name: /Start Autopilot/ })).toBeInTheDocument();
  });

  it('should POST /api/series with the schedule, toast the first post and go home', async () => {
    let body: unknown;
    let generated = false;
    server.use(
      subscription('STARTER'),
      links({ youtube: { channelName: 'Night Owl Channel' } }),
      http.post('/api/generate-video', () => {
        generated = true;
        return HttpResponse.json({ videoId: 'x' }, { status: 201 });
      }),
      http.post('/api/series', async ({ request }) => {
        body = await request.json();
        return HttpResponse.json({ _id: 's1', seriesId: 's1', position: 9, nextPostAt: '2999-01-04T18:00:00Z' }, { status: 201 });
      }),
    );
    renderAt('/dashboard/create', <CreateSeriesWizard />);
    toStep2AndFill();
    fireEvent.click(autopilotSwitch());
    await waitFor(() => expect(checkedDays()).toEqual(['Monday', 'Wednesday', 'Friday']));
    fireEvent.change(screen.getByLabelText('Series name'), { target: { value: 'Owls at night' } });
    fireEvent.click(screen.getByRole('checkbox', { name: 'YouTube' }));
    fireEvent.click(day('Friday'));
    fireEvent.click(day('Saturday'));
    fireEvent.change(screen.getByLabelText('Posting time 1'), { target: { value: '19:30' } });
    fireEvent.click(screen.getByRole('button', { name: /Start Autopilot/ }));
    expect(await screen.findByText('Series created')).toBeInTheDocument();
    expect(screen.getByText(/^First post: .* \(UTC\)$/)).toBeInTheDocument();
    expect(await screen.findByText('HOME PAGE')).toBeInTheDocument();
    expect(generated).toBe(false);
    expect(body).toEqual({
      name: 'Owls at night',
      topic: 'Fun Facts',
      customPrompt: null,
      voiceid: VOICES[0].id,
      style: 'anime',
      aspectRatio: '9:16',
      language: 'English',
      duration: 60,
      platforms: ['youtube'],
      schedule: { timeZone: Intl.DateTimeFormat().resolvedOptions().timeZone, days: [1, 3, 6], times: ['19:30'] },
    });
  });

  it('should not send a schedule the plan cannot post, nor one without a platform', async () => {
    let calls = 0;
    server.use(
      subscription('STARTER'),
      links(),
      http.post('/api/series', () => {
        calls += 1;
        return HttpResponse.json({}, { status: 201 });
      }),
    );
    renderAt('/dashboard/create', <CreateSeriesWizard />);
    toStep2AndFill();
    fireEvent.click(autopilotSwitch());
    await waitFor(() => expect(checkedDays()).toHaveLength(3));
    fireEvent.click(screen.getByRole('button', { name: /Start Autopilot/ }));
    expect(await screen.findByText('Check your autopilot schedule')).toBeInTheDocument();
    expect(screen.getAllByText('Choose at least one platform to post to').length).toBeGreaterThan(0);
    fireEvent.click(screen.getByRole('checkbox', { name: 'TikTok' }));
    fireEvent.click(day('Tuesday'));
    fireEvent.click(screen.getByRole('button', { name: /Start Autopilot/ }));
    expect(
      await screen.findAllByText('Your plan posts 3 times a week: choose at most 3 posting slots a week, or upgrade your plan.'),
    ).not.toHaveLength(0);
    expect(calls).toBe(0);
  });

  it('should explain the series limit with an Upgrade action', async () => {
    server.use(
      subscription(null),
      links(),
      http.post('/api/series', () => HttpResponse.json({ error: 'Series limit reached for your plan. Please upgrade your plan.' }, { status: 403 })),
    );
    renderAt('/dashboard/create', <CreateSeriesWizard />);
    toStep2AndFill();
    fireEvent.click(autopilotSwitch());
    await waitFor(() => expect(checkedDays()).toEqual(['Monday']));
    fireEvent.click(screen.getByRole('checkbox', { name: 'Instagram' }));
    fireEvent.click(screen.getByRole('button', { name: /Start Autopilot/ }));
    expect(await screen.findByText('Series limit reached for your plan.')).toBeInTheDocument();
    expect(screen.getByText('Please upgrade your plan.')).toBeInTheDocument();
    fireEvent.click(screen.getByRole('button', { name: 'Upgrade' }));
    expect(await screen.findByText('BILLING PAGE')).toBeInTheDocument();
  });
});

describe('PATCH /api/series/:id (Edit uses the same form)', () => {
  const existing: SeriesResponse = {
    _id: 'series-1', name: 'Owls at night', status: 'active', topic: 'Fun Facts', customPrompt: null, voiceid: VOICES[1].id, style: 'anime',
    aspectRatio: '16:9', language: 'French', duration: 30, platforms: ['tiktok'],
    schedule: { timeZone: 'Europe/Paris', times: ['08:15'], days: [2, 4] }, nextPostAt: null, recentPosts: [], createdAt: '2025-06-01T00:00:00Z',
  };

  it('should prefill the series, keep its schedule and save the changes', async () => {
    let patch: unknown;
    server.use(
      subscription('DAILY'),
      links({ tiktok: { username: 'night_owl' } }),
      http.get('/api/series/:id', () => HttpResponse.json(existing)),
      http.patch('/api/series/:id', async ({ request, params }) => {
        patch = { id: params.id, ...(await request.json() as object) };
        return HttpResponse.json({ success: true, position: 12 });
      }),
    );
    renderAt('/dashboard/create?series=series-1', <EditSeries seriesId="series-1" />);
    expect(await screen.findByRole('radio', { name: /Fun Facts/ })).toBeChecked();
    fireEvent.click(screen.getByRole('button', { name: /Next/ }));
    expect(screen.getByRole('radio', { name: /Horizontal \(16:9\)/ })).toBeChecked();
    expect(screen.queryByRole('switch', { name: 'Post automatically on a schedule' })).not.toBeInTheDocument();
    expect(screen.getByLabelText('Series name')).toHaveValue('Owls at night');
    expect(await screen.findByText(/Connected as @night_owl/)).toBeInTheDocument();
    expect(screen.getByRole('checkbox', { name: 'TikTok' })).toBeChecked();
    await screen.findByText('Your Daily plan posts once a day.');
    expect(checkedDays()).toEqual(['Tuesday', 'Thursday']);
    expect(times()).toEqual(['08:15']);
    fireEvent.click(screen.getByRole('checkbox', { name: 'YouTube' }));
    fireEvent.click(screen.getByRole('button', { name: /Save Changes/ }));
    expect(await screen.findByText('Series updated')).toBeInTheDocument();
    expect(await screen.findByText('HOME PAGE')).toBeInTheDocument();
    expect(patch).toEqual({
      id: 'series-1', name: 'Owls at night', topic: 'Fun Facts', customPrompt: null, voiceid: VOICES[1].id, style: 'anime', aspectRatio: '16:9',
      language: 'French', duration: 30, platforms: ['youtube', 'tiktok'], schedule: { timeZone: 'Europe/Paris', days: [2, 4], times: ['08:15'] },
    });
  });

  it('should say so when the series does not exist', async () => {
    server.use(http.get('/api/series/:id', () => HttpResponse.json({ error: 'Series not found' }, { status: 404 })));
    renderAt('/dashboard/create?series=nope', <EditSeries seriesId="nope" />);
    expect(await screen.findByText('Series not found')).toBeInTheDocument();
  });
});
