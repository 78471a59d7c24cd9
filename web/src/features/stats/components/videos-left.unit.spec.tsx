/**
 * @jest-environment-options {"customExportConditions": [""]}
 */
import { screen, waitFor } from '@testing-library/react';
import { renderWithStore } from '../../../../test/render';
import { server, http, HttpResponse, delay, useMswServer } from '../../../../test/server';
import { readStatsCookie, STATS_COOKIE, writeStatsCookie } from '../lib/stats-cookie';
import { VideosLeft } from './videos-left';

useMswServer();

describe('When the header counter loads', () => {
  it('should show planLimit minus monthlyCount and cache it in the videoStats cookie', async () => {
    server.use(http.get('/api/video/stats', () => HttpResponse.json({ monthlyCount: 4, total: 9, planLimit: 15 })));
    renderWithStore(<VideosLeft />);
    await waitFor(() => expect(screen.getByTestId('videos-left')).toHaveTextContent('11 videos left'));
    expect(document.cookie).toContain(`${STATS_COOKIE}=`);
    expect(readStatsCookie()).toEqual({ monthlyCount: 4, total: 9, planLimit: 15 });
  });

  it('should seed the first render from the cookie before the answer arrives', async () => {
    writeStatsCookie({ monthlyCount: 1, total: 1, planLimit: 3 });
    server.use(
      http.get('/api/video/stats', async () => {
        await delay(50);
        return HttpResponse.json({ monthlyCount: 2, total: 2, planLimit: 3 });
      }),
    );
    renderWithStore(<VideosLeft />);
    expect(screen.getByTestId('videos-left')).toHaveTextContent('2 videos left');
    await waitFor(() => expect(screen.getByTestId('videos-left')).toHaveTextContent('1 video left'));
  });

  it('should keep the cached value and only log when the call fails', async () => {
    writeStatsCookie({ monthlyCount: 0, total: 0, planLimit: 1 });
    const log = jest.spyOn(console, 'error').mockImplementation(() => undefined);
    server.use(http.get('/api/video/stats', () => HttpResponse.json({ error: 'boom' }, { status: 500 })));
    renderWithStore(<VideosLeft />);
    await waitFor(() => expect(log).toHaveBeenCalledWith('Failed to fetch video stats', expect.anything()));
    expect(screen.getByTestId('videos-left')).toHaveTextContent('1 video left');
    log.mockRestore();
  });
});
