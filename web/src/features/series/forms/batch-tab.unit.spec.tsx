/**
 * @jest-environment-options {"customExportConditions": [""]}
 */
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { renderRoutes, marker } from '../../../../test/render';
import { server, http, HttpResponse, useMswServer } from '../../../../test/server';
import { CreateSeriesWizard } from './create-series-wizard';

useMswServer();

const aSeries = { _id: 'series-1', name: 'Owls at night', status: 'active', topic: 'Fun Facts', customPrompt: null, voiceid: 'v1', style: 'anime', aspectRatio: '9:16', language: 'English', duration: 30, platforms: ['youtube'], schedule: { timeZone: 'UTC', times: ['18:00'], days: [1] }, nextPostAt: null, recentPosts: [], createdAt: '2025-06-01T10:00:00Z' };

function renderWizard() {
  return renderRoutes({
    at: '/dashboard/create',
    withAuth: false,
    routes: [{ path: '/dashboard/create', element: <CreateSeriesWizard /> }, marker('/dashboard', 'HOME PAGE')],
  });
}

/** The queued answer for `lines`: each line queued, the ones past `limit` over the limit. */
function queueHandler(sent: object[], limit = 100) {
  return http.post('/api/series/:id/batch', async ({ request, params }) => {
    const body = (await request.json()) as { lines?: string; csv?: string };
    sent.push({ seriesId: params.id, ...body });
    const n = (body.lines ?? body.csv ?? '').split('\n').filter((l) => l.trim()).length - (body.csv ? 1 : 0);
    const queued = Math.min(n, limit);
    return HttpResponse.json({ batchId: 'b1', position: 9, _id: 'b1', seriesId: params.id, status: 'running', scheduled: false, createdAt: '', updatedAt: '', items: [], counts: { total: n, queued, rendering: 0, done: 0, failed: 0, overLimit: n - queued, cancelled: 0 } }, { status: 201 });
  });
}

const subscription = http.get('/api/billing/subscription', () => HttpResponse.json({ subscription: { plan: 'STARTER', status: 'active', currentPeriodEnd: '2999-01-01T00:00:00Z' } }));

async function openBatchTab() {
  renderWizard();
  fireEvent.click(screen.getByRole('tab', { name: 'Batch' }));
  return screen.findByRole('heading', { name: 'Batch' });
}

describe('The Batch tab of the Create wizard', () => {
  it('should preview pasted lines, name each bad line, and queue the list for the chosen series', async () => {
    const sent: object[] = [];
    server.use(subscription, http.get('/api/series', () => HttpResponse.json({ series: [aSeries] })), queueHandler(sent, 2));
    await openBatchTab();
    expect(await screen.findByRole('option', { name: 'Owls at night' })).toBeInTheDocument();
    const queue = () => screen.getByRole('button', { name: /Queue/ });
    expect(queue()).toBeDisabled();

    fireEvent.change(screen.getByLabelText('Topics or prompts, one a line'), { target: { value: `Why owls hoot\n\n${'x'.repeat(1001)}\nFun Facts` } });
    expect(await screen.findByText('Line 3: the prompt is longer than 1000 characters')).toBeInTheDocument();
    expect(screen.getByText('2 videos ready, 1 problem to fix')).toBeInTheDocument();
    expect(queue()).toBeDisabled();

    fireEvent.change(screen.getByLabelText('Topics or prompts, one a line'), { target: { value: 'Why owls hoot\nHow bats see\nFun Facts' } });
    const list = await screen.findByRole('list', { name: 'Videos to make' });
    expect(within(list).getAllByRole('listitem').map((li) => li.textContent)).toEqual(['Line 1Why owls hoot', 'Line 2How bats see', 'Line 3Topic: Fun Facts']);
    expect(screen.queryByRole('list', { name: 'Problems' })).not.toBeInTheDocument();
    fireEvent.click(screen.getByRole('checkbox', { name: /next free posting slots/ }));
    fireEvent.click(screen.getByRole('button', { name: /Queue 3 videos$/ }));

    expect(await screen.findByText('HOME PAGE')).toBeInTheDocument();
    expect(sent).toEqual([{ seriesId: 'series-1', lines: 'Why owls hoot\nHow bats see\nFun Facts', schedule: true }]);
    expect(screen.getByText("2 videos will be made one at a time. 1 item is over your monthly video limit and won't be made.")).toBeInTheDocument();
  });

  it('should read a picked CSV file, refuse a publishAt in the past, and send the file once fixed', async () => {
    const sent: object[] = [];
    server.use(subscription, http.get('/api/series', () => HttpResponse.json({ series: [aSeries] })), queueHandler(sent));
    await openBatchTab();
    fireEvent.click(screen.getByRole('radio', { name: 'CSV file' }));
    const input = screen.getByLabelText('Choose a CSV file') as HTMLInputElement;
    const pick = (text: string) => fireEvent.change(input, { target: { files: [new File([text], 'batch.csv', { type: 'text/csv' })] } });

    pick('prompt,title,publishAt\nWhy owls hoot,Owls,2020-01-01T00:00:00Z\nHow bats see,,');
    expect(await screen.findByText('Line 2: publishAt is in the past')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: /Queue/ })).toBeDisabled();

    const csv = 'prompt,title,publishAt\nWhy owls hoot,Owls,2999-01-01T18:00:00Z\nHow bats see,,';
    pick(csv);
    expect(await screen.findByText('Title: Owls')).toBeInTheDocument();
    fireEvent.click(screen.getByRole('button', { name: /Queue 2 videos$/ }));
    await waitFor(() => expect(sent).toEqual([{ seriesId: 'series-1', csv, schedule: false }]));
  });

  it("should show the server's message when the batch is refused", async () => {
    server.use(
      subscription,
      http.get('/api/series', () => HttpResponse.json({ series: [aSeries] })),
      http.post('/api/series/:id/batch', () => HttpResponse.json({ error: 'Series not found' }, { status: 404 })),
    );
    await openBatchTab();
    fireEvent.change(await screen.findByLabelText('Topics or prompts, one a line'), { target: { value: 'Why owls hoot' } });
    fireEvent.click(await screen.findByRole('button', { name: /Queue 1 video$/ }));
    expect(await screen.findByText('Series not found')).toBeInTheDocument();
    expect(screen.queryByText('HOME PAGE')).not.toBeInTheDocument();
  });

  it("should send a creator with no series to the Series tab's settings first", async () => {
    server.use(subscription, http.get('/api/series', () => HttpResponse.json({ series: [] })));
    await openBatchTab();
    expect(screen.getByRole('combobox', { name: 'Add the videos to' })).toHaveValue('new');
    fireEvent.change(screen.getByLabelText('Topics or prompts, one a line'), { target: { value: 'Why owls hoot' } });
    fireEvent.click(await screen.findByRole('button', { name: /Queue 1 video$/ }));
    expect(await screen.findByText('Missing Required Fields')).toBeInTheDocument();
    expect(await screen.findByRole('heading', { name: /Choose/ })).toBeInTheDocument();
    // Coming back from the settings, the list is still there, as typed
    fireEvent.click(screen.getByRole('tab', { name: 'Batch' }));
    await screen.findByRole('heading', { name: 'Batch' });
    expect(screen.getByLabelText('Topics or prompts, one a line')).toHaveValue('Why owls hoot');
    expect(screen.getByRole('button', { name: /Queue 1 video$/ })).toBeEnabled();
  });
});
