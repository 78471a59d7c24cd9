/**
 * @jest-environment-options {"customExportConditions": [""]}
 */
import { fireEvent, screen, within } from '@testing-library/react';
import { marker, renderRoutes } from '../../../../test/render';
import { HttpResponse, http, server, useMswServer } from '../../../../test/server';
import { MediaLibrary } from './media-library';

useMswServer();

const anItem = (name: string, kind: 'clip' | 'image', bytes: number) => ({
  _id: `m-${name}`, kind, name, contentType: kind === 'clip' ? 'video/mp4' : 'image/png', bytes, width: 1920, height: 1080, durationSeconds: kind === 'clip' ? 59.6 : null,
  thumbnailUrl: `/api/media/thumbnail/u/m-${name}?exp=1&sig=x`, createdAt: '2026-01-01T00:00:00Z',
});
const MB = 1024 * 1024;
const library = [anItem('beach.mp4', 'clip', 30 * MB), anItem('sky.png', 'image', 2 * MB)];

function renderLibrary() {
  return renderRoutes({ at: '/dashboard/library', withAuth: false, routes: [{ path: '/dashboard/library', element: <MediaLibrary /> }, marker('/dashboard/view/:id', 'VIDEO PAGE')] });
}

describe('The media library page', () => {
  it('should list the items with their lengths and the storage and room the library has left', async () => {
    server.use(http.get('/api/media', () => HttpResponse.json({ media: library, usedBytes: 32 * MB, storageBytes: 1024 ** 3, total: 2, nextOffset: null })));
    renderLibrary();
    const items = await screen.findAllByTestId('media-item');
    expect(items.map((item) => within(item).getByText(/\.(mp4|png)$/).textContent)).toEqual(['beach.mp4', 'sky.png']);
    expect(within(items[0]).getByText(/1:00/)).toBeInTheDocument();
    expect(screen.getByText('32.0 MB of 1.0 GB used · 2 of 500 items')).toBeInTheDocument();
    // Only a clip can be made a video.
    expect(within(items[0]).getByRole('button', { name: /Make it a video/ })).toBeInTheDocument();
    expect(within(items[1]).queryByRole('button', { name: /Make it a video/ })).toBeNull();
  });

  it('should make a clip a video of the creator\'s ("Make it a video") and open it', async () => {
    const made: unknown[] = [];
    server.use(
      http.get('/api/media', () => HttpResponse.json({ media: library, usedBytes: 32 * MB, storageBytes: 1024 ** 3, total: 2, nextOffset: null })),
      http.post('/api/video/upload', async ({ request }) => {
        made.push(await request.json());
        return HttpResponse.json({ videoId: 'video-3', position: 5 }, { status: 201 });
      }),
    );
    renderLibrary();
    fireEvent.click(await screen.findByRole('button', { name: /Make it a video/ }));
    expect(await screen.findByText('VIDEO PAGE')).toBeInTheDocument();
    expect(made).toEqual([{ mediaId: 'm-beach.mp4' }]);
  });
});
