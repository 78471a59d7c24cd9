/**
 * @jest-environment-options {"customExportConditions": [""]}
 */
import { fireEvent, screen, waitFor } from '@testing-library/react';
import { marker, renderRoutes } from '../../../../test/render';
import { HttpResponse, http, server, useMswServer } from '../../../../test/server';
import { ImportVideoButton } from './import-video-button';

useMswServer();
// jsdom computes no pseudo-element styles; antd's modal asks for the scrollbar's when it opens (noise only).
const computedStyle = window.getComputedStyle.bind(window);
beforeAll(() => jest.spyOn(window, 'getComputedStyle').mockImplementation((element) => computedStyle(element)));

const anItem = (kind: 'clip' | 'image', name: string) => ({
  _id: `m-${name}`, kind, name, contentType: kind === 'clip' ? 'video/mp4' : 'image/png', bytes: 2048, width: 1920, height: 1080,
  durationSeconds: kind === 'clip' ? 12 : null, thumbnailUrl: `/api/media/thumbnail/u/m-${name}?exp=1&sig=x`, createdAt: '2026-01-01T00:00:00Z', position: 41,
});

function renderViewPage() {
  return renderRoutes({
    at: '/dashboard/view',
    withAuth: false,
    routes: [{ path: '/dashboard/view', element: <ImportVideoButton /> }, marker('/dashboard/view/:id', 'VIDEO PAGE')],
  });
}

const pick = (name: string, type = 'video/mp4') => fireEvent.change(screen.getByTestId('import-video-input'), { target: { files: [new File(['not really a video'], name, { type })] } });

describe('"Import a video" on the View page', () => {
  it('should be labelled apart from the detail page\'s "Upload Video" (posting to a platform)', () => {
    renderViewPage();
    expect(screen.getByRole('button', { name: /Import a video/ })).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: /Upload Video/i })).toBeNull();
  });

  it('should upload the file, make it a video of the creator\'s and open the new video\'s page', async () => {
    const made: unknown[] = [];
    server.use(
      http.post('/api/media', () => HttpResponse.json(anItem('clip', 'holiday.mp4'), { status: 201 })),
      http.post('/api/video/upload', async ({ request }) => {
        made.push(await request.json());
        return HttpResponse.json({ videoId: 'video-9', position: 42 }, { status: 201 });
      }),
    );
    const { router } = renderViewPage();
    pick('holiday.mp4');
    expect(await screen.findByText('VIDEO PAGE')).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/dashboard/view/video-9');
    expect(made).toEqual([{ mediaId: 'm-holiday.mp4' }]);
  });

  it("should show the server's message when the file is refused, and make no video", async () => {
    let asked = false;
    server.use(
      http.post('/api/media', () => HttpResponse.json({ error: 'That file is not a video or an image we can use. Upload an MP4, MOV or WebM clip, or a JPEG, PNG or WebP image.' }, { status: 400 })),
      http.post('/api/video/upload', () => {
        asked = true;
        return HttpResponse.json({ videoId: 'never', position: 1 }, { status: 201 });
      }),
    );
    renderViewPage();
    pick('notes.mp4');
    expect(await screen.findByRole('alert')).toHaveTextContent('That file is not a video or an image we can use.');
    expect(screen.getByRole('dialog', { name: 'Import a video' })).toBeInTheDocument();
    expect(asked).toBe(false);
    expect(screen.queryByText('VIDEO PAGE')).toBeNull();
  });

  it("should show the server's message when the clip is taken but cannot become a video (the plan's limit)", async () => {
    server.use(
      http.post('/api/media', () => HttpResponse.json(anItem('clip', 'extra.mp4'), { status: 201 })),
      http.post('/api/video/upload', () => HttpResponse.json({ error: 'Monthly video limit reached' }, { status: 403 })),
    );
    renderViewPage();
    pick('extra.mp4');
    expect(await screen.findByRole('alert')).toHaveTextContent('Monthly video limit reached');
    expect(screen.queryByText('VIDEO PAGE')).toBeNull();
  });

  it('should not make a video of an image', async () => {
    server.use(http.post('/api/media', () => HttpResponse.json(anItem('image', 'cat.png'), { status: 201 })));
    renderViewPage();
    pick('cat.png', 'image/png');
    expect(await screen.findByRole('alert')).toHaveTextContent('Only a video clip can become a video.');
    await waitFor(() => expect(screen.queryByText('VIDEO PAGE')).toBeNull());
  });
});
