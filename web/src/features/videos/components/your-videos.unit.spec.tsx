/**
 * @jest-environment-options {"customExportConditions": [""]}
 */
import { fireEvent, screen, within } from '@testing-library/react';
import type { VideoListItem } from '@app/domain';
import { renderRoutes, marker } from '../../../../test/render';
import { server, http, HttpResponse, useMswServer } from '../../../../test/server';
import { YourVideos } from './your-videos';

useMswServer();

const video = (n: number): VideoListItem => ({
  _id: `v${n}`,
  title: `Video ${n}`,
  createdAt: new Date(Date.UTC(2025, 0, n)).toISOString(),
  aspectRatio: n % 2 ? '9:16' : '16:9',
  duration: 58.7,
  status: 'done',
});

function renderHome() {
  return renderRoutes({
    at: '/dashboard',
    withAuth: false,
    routes: [
      { path: '/dashboard', element: <YourVideos /> },
      marker('/dashboard/create', 'CREATE PAGE'),
      marker('/dashboard/view/:id', 'DETAIL PAGE'),
    ],
  });
}

describe('When the user has no videos', () => {
  it('should show the video list empty state (SeriesHome has the series one)', async () => {
    server.use(http.get('/api/video/videos', () => HttpResponse.json({ videos: [] })));
    renderHome();
    expect(await screen.findByText("You haven't created any videos yet.")).toBeInTheDocument();
    fireEvent.click(screen.getByRole('link', { name: /Create Your First Video/ }));
    expect(await screen.findByText('CREATE PAGE')).toBeInTheDocument();
  });

  it('should show the empty state when the list fails, logging only', async () => {
    const log = jest.spyOn(console, 'error').mockImplementation(() => undefined);
    server.use(http.get('/api/video/videos', () => HttpResponse.json({ error: 'x' }, { status: 500 })));
    renderHome();
    expect(await screen.findByText("You haven't created any videos yet.")).toBeInTheDocument();
    expect(log).toHaveBeenCalledWith('Failed to fetch videos', expect.anything());
    log.mockRestore();
  });
});

describe('When the user has 8 videos', () => {
  const videos = Array.from({ length: 8 }, (_, i) => video(8 - i)); // newest first

  it('should number the newest #1008 and continue to #1001 on the next page', async () => {
    server.use(http.get('/api/video/videos', () => HttpResponse.json({ videos })));
    renderHome();
    const cards = await screen.findAllByTestId('video-card');
    expect(cards).toHaveLength(6);
    expect(cards.map((c) => within(c).getByText(/^#\d+$/).textContent)).toEqual(['#1008', '#1007', '#1006', '#1005', '#1004', '#1003']);
    expect(within(cards[0]).getByText(/Horizontal/)).toBeInTheDocument();
    expect(within(cards[1]).getByText(/Vertical/)).toBeInTheDocument();
    expect(within(cards[0]).getByText(/59s/)).toBeInTheDocument();
    fireEvent.click(screen.getByRole('button', { name: 'Next page' }));
    const second = screen.getAllByTestId('video-card');
    expect(second.map((c) => within(c).getByText(/^#\d+$/).textContent)).toEqual(['#1002', '#1001']);
  });

  it('should open the detail page when a card is clicked', async () => {
    server.use(http.get('/api/video/videos', () => HttpResponse.json({ videos })));
    renderHome();
    const cards = await screen.findAllByTestId('video-card');
    // The title's link covers the card: a click anywhere on it lands on that link.
    fireEvent.click(within(cards[2]).getByRole('link', { name: /^Video \d+$/ }));
    expect(await screen.findByText('DETAIL PAGE')).toBeInTheDocument();
  });

  it('should open the detail page from View Details', async () => {
    server.use(http.get('/api/video/videos', () => HttpResponse.json({ videos })));
    renderHome();
    const cards = await screen.findAllByTestId('video-card');
    const details = within(cards[1]).getByRole('link', { name: 'View Details' });
    expect(details).toHaveAttribute('href', `/dashboard/view/${videos[1]._id}`);
    fireEvent.click(details);
    expect(await screen.findByText('DETAIL PAGE')).toBeInTheDocument();
  });
});
