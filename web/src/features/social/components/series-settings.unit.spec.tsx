/**
 * @jest-environment-options {"customExportConditions": [""]}
 */
import { fireEvent, screen, within } from '@testing-library/react';
import { renderRoutes } from '../../../../test/render';
import { server, http, HttpResponse, useMswServer } from '../../../../test/server';
import { SeriesSettings, UPLOAD_WHEN_READY } from './series-settings';

useMswServer();

const video = (status: 'images' | 'done', streamUrl: string | null = null) => ({ _id: 'v1', title: 'Owls', description: 'Facts', status, streamUrl });

function renderCards(status: 'images' | 'done', streamUrl: string | null = null) {
  server.use(http.get('*/api/auth/:platform/status', () => HttpResponse.json({ connected: true, username: 'ada', channelName: 'Ada', channelId: 'UC1' })));
  return renderRoutes({ at: '/v', withAuth: false, routes: [{ path: '/v', element: <SeriesSettings video={video(status, streamUrl)} /> }] });
}

describe('SERIES SETTINGS', () => {
  describe('When the video is still rendering', () => {
    it('should not offer Upload Video yet, and say why', async () => {
      let posted = false;
      server.use(http.post('*/api/video/youtube/upload', () => {
        posted = true;
        return HttpResponse.json({ youtubeUrl: 'x' });
      }));
      renderCards('images');
      const youtube = await screen.findByTestId('social-youtube');
      const button = await within(youtube).findByRole('button', { name: /Upload Video/ });
      expect(button).toBeDisabled();
      expect(within(youtube).getByText(UPLOAD_WHEN_READY)).toBeInTheDocument();
      fireEvent.click(button);
      expect(posted).toBe(false);
    });
  });

  describe('When a re-render of the video runs', () => {
    it('should offer Upload Video for the version on show', async () => {
      renderCards('images', '/api/video/stream/v1?exp=1&sig=a');
      const youtube = await screen.findByTestId('social-youtube');
      expect(await within(youtube).findByRole('button', { name: /Upload Video/ })).toBeEnabled();
      expect(screen.queryByText(UPLOAD_WHEN_READY)).not.toBeInTheDocument();
    });
  });

  describe('When the video is done', () => {
    it('should offer Upload Video on every connected platform', async () => {
      renderCards('done');
      const youtube = await screen.findByTestId('social-youtube');
      expect(await within(youtube).findByRole('button', { name: /Upload Video/ })).toBeEnabled();
      expect(screen.queryByText(UPLOAD_WHEN_READY)).not.toBeInTheDocument();
    });
  });
});
