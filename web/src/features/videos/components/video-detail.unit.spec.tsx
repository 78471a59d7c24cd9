/**
 * @jest-environment-options {"customExportConditions": [""]}
 */
import { act, fireEvent, screen, waitFor } from '@testing-library/react';
import type { VideoDetail } from '@app/domain';
import { renderRoutes } from '../../../../test/render';
import { server, http, HttpResponse, useMswServer } from '../../../../test/server';
import { VideoDetailView } from './video-detail';
import { videosApi } from '../api';

useMswServer();

const record = (patch: Partial<VideoDetail> = {}): VideoDetail => ({
  _id: 'v1',
  title: 'Ten facts about owls',
  createdAt: '2025-01-01T00:00:00.000Z',
  aspectRatio: '9:16',
  duration: 60,
  status: 'done',
  description: 'Owls!',
  narrationScript: ['Owls can turn their heads.', 'They fly silently.'],
  progress: 100,
  message: 'Doneeee!',
  topic: 'Fun Facts',
  language: 'English',
  style: 'anime',
  voiceid: 'x',
  streamUrl: '/api/video/stream/v1?exp=1&sig=a',
  downloadUrl: '/api/video/stream/v1?exp=1&sig=a&download=1',
  thumbnailUrl: null,
  failureReason: null,
  isSeries: false,
  ...patch,
});

function renderDetail() {
  return renderRoutes({
    at: '/dashboard/view/v1',
    withAuth: false,
    routes: [{ path: '/dashboard/view/:id', element: <VideoDetailView id="v1" seriesSettings={() => <p>SERIES SETTINGS BLOCK</p>} /> }],
  });
}

describe('When the video is done', () => {
  it('should play the signed stream in a portrait player and offer the download', async () => {
    server.use(http.get('/api/video/videoid/v1', () => HttpResponse.json(record())));
    renderDetail();
    const player = await screen.findByTestId('video-player');
    expect(player).toHaveAttribute('src', '/api/video/stream/v1?exp=1&sig=a');
    expect(player.parentElement).toHaveClass('is-portrait');
    expect(screen.getByRole('link', { name: /Download Video/ })).toHaveAttribute('href', '/api/video/stream/v1?exp=1&sig=a&download=1');
    expect(screen.getByTestId('title-counter')).toHaveTextContent('20 / 100');
    expect(screen.getByLabelText('VOICE SCRIPT')).toHaveValue('Owls can turn their heads. They fly silently.');
    expect(screen.getByText('1171 / 1600')).toBeInTheDocument();
    expect(screen.getByText('Always verify AI generated scripts for accuracy.')).toBeInTheDocument();
    expect(screen.getByText('SERIES SETTINGS BLOCK')).toBeInTheDocument();
  });

  it('should fall back to the description for the voice script and hide series settings for a series video', async () => {
    server.use(http.get('/api/video/videoid/v1', () => HttpResponse.json(record({ narrationScript: [], isSeries: true, aspectRatio: '16:9' }))));
    renderDetail();
    expect(await screen.findByLabelText('VOICE SCRIPT')).toHaveValue('Owls!');
    expect(screen.queryByText('SERIES SETTINGS BLOCK')).not.toBeInTheDocument();
    expect(screen.getByTestId('video-player').parentElement).toHaveClass('is-wide');
  });

  it('should count the caption, cap it at 2000 and save it', async () => {
    let saved: unknown;
    server.use(
      http.get('/api/video/videoid/v1', () => HttpResponse.json(record())),
      http.post('/api/video/v1/caption', async ({ request }) => {
        saved = await request.json();
        return HttpResponse.json({ success: true, position: 3 });
      }),
    );
    renderDetail();
    const caption = await screen.findByLabelText('CAPTION');
    expect(caption).toHaveAttribute('maxlength', '2000');
    expect(screen.getByText('5 / 2000')).toBeInTheDocument();
    fireEvent.change(caption, { target: { value: 'New caption' } });
    expect(screen.getByText('11 / 2000')).toBeInTheDocument();
    fireEvent.click(screen.getByRole('button', { name: 'Save Caption' }));
    await waitFor(() => expect(saved).toEqual({ description: 'New caption' }));
  });
});

describe('When the video is still processing', () => {
  it('should show the status message, percent and the 3-minute note', async () => {
    server.use(
      http.get('/api/video/videoid/v1', () => HttpResponse.json(record({ status: 'script', streamUrl: null, downloadUrl: null }))),
      http.get('/api/video/status/v1', () => HttpResponse.json({ status: 'audio', progress: 45, message: 'Artists working hard ...' })),
    );
    renderDetail();
    expect(await screen.findByText('Artists working hard ...')).toBeInTheDocument();
    expect(screen.getByText('Ready!(about 3 minutes)')).toBeInTheDocument();
    expect(screen.getByText('45%')).toBeInTheDocument();
  });

  it('should show the voice script as soon as the script is written, while the render goes on', async () => {
    let reads = 0;
    server.use(
      http.get('/api/video/videoid/v1', () => {
        reads += 1;
        // Opened before the writer finished: no script yet; read again, it is there.
        return HttpResponse.json(record(reads === 1
          ? { status: 'start', streamUrl: null, downloadUrl: null, description: '', narrationScript: [] }
          : { status: 'audio', streamUrl: null, downloadUrl: null, description: '' }));
      }),
      http.get('/api/video/status/v1', () => HttpResponse.json({ status: 'audio', progress: 45, message: 'Artists working hard ...' })),
    );
    renderDetail();
    await screen.findByText('Artists working hard ...');
    await waitFor(() => expect(screen.getByLabelText('VOICE SCRIPT')).toHaveValue('Owls can turn their heads. They fly silently.'));
    expect(reads).toBe(2);
  });

  it('should announce each status in a live region that stays, the end included', async () => {
    let done = false;
    server.use(
      http.get('/api/video/videoid/v1', () => HttpResponse.json(done ? record() : record({ status: 'script', streamUrl: null, downloadUrl: null }))),
      http.get('/api/video/status/v1', () => HttpResponse.json({ status: 'audio', progress: 45, message: 'Artists working hard ...' })),
    );
    const { store } = renderDetail();
    const region = await screen.findByTestId('video-status-announcement');
    expect(region).toHaveAttribute('role', 'status');
    expect(region).toHaveAttribute('aria-live', 'polite');
    await waitFor(() => expect(region).toHaveTextContent('Video status: Artists working hard ...'));
    // The render ends (as the live stream tells it): the progress block goes, the announcement stays.
    done = true;
    act(() => void store.dispatch(videosApi.util.upsertQueryData('getVideoStatus', 'v1', { status: 'done', progress: 100, message: 'Doneeee!' })));
    await screen.findByTestId('video-player');
    expect(screen.queryByTestId('video-progress')).not.toBeInTheDocument();
    expect(screen.getByTestId('video-status-announcement')).toHaveTextContent('Video status: Doneeee! The video is ready to play.');
  });

  it('should show the failure reason when the render failed', async () => {
    server.use(
      http.get('/api/video/videoid/v1', () => HttpResponse.json(record({ status: 'failed', streamUrl: null, failureReason: 'Narration provider timed out' }))),
    );
    renderDetail();
    expect(await screen.findByText('Narration provider timed out')).toBeInTheDocument();
  });
});

describe('When the video does not exist', () => {
  it('should say Video not found', async () => {
    jest.spyOn(console, 'error').mockImplementation(() => undefined);
    server.use(http.get('/api/video/videoid/v1', () => HttpResponse.json({ error: 'Video not found' }, { status: 404 })));
    renderDetail();
    expect(await screen.findByText('Video not found')).toBeInTheDocument();
  });
});

describe('When saving the caption fails', () => {
  it("should say so with the server's error and keep what was typed", async () => {
    server.use(
      http.get('/api/video/videoid/v1', () => HttpResponse.json(record())),
      http.post('/api/video/v1/caption', () => HttpResponse.json({ error: 'This changed while you were editing it. Please try again.' }, { status: 409 })),
    );
    renderDetail();
    const caption = await screen.findByLabelText('CAPTION');
    fireEvent.change(caption, { target: { value: 'My careful new caption' } });
    fireEvent.click(screen.getByRole('button', { name: 'Save Caption' }));
    expect(await screen.findByText('This changed while you were editing it. Please try again.')).toBeInTheDocument();
    expect(screen.getByText('Error')).toBeInTheDocument();
    expect(screen.getByLabelText('CAPTION')).toHaveValue('My careful new caption');
  });

  it("should say 'Failed to save caption' when the server says nothing", async () => {
    server.use(
      http.get('/api/video/videoid/v1', () => HttpResponse.json(record())),
      // Late enough that the optimistic caption is on show before the failure rolls it back.
      http.post('/api/video/v1/caption', async () => {
        await new Promise((resolve) => setTimeout(resolve, 100));
        return HttpResponse.error();
      }),
    );
    renderDetail();
    fireEvent.change(await screen.findByLabelText('CAPTION'), { target: { value: 'Another caption' } });
    fireEvent.click(screen.getByRole('button', { name: 'Save Caption' }));
    expect(await screen.findByText('Failed to save caption')).toBeInTheDocument();
    expect(screen.getByLabelText('CAPTION')).toHaveValue('Another caption');
  });
});
