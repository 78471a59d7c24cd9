/**
 * @jest-environment-options {"customExportConditions": [""]}
 */
import { act, fireEvent, screen } from '@testing-library/react';
import { useState } from 'react';
import { DEFAULT_CAPTION_STYLE, DEFAULT_MUSIC, type VideoDetail } from '@app/domain';
import { renderRoutes } from '../../../../../test/render';
import { server, http, HttpResponse, useMswServer } from '../../../../../test/server';
import { StudioPanel } from './studio-panel';

useMswServer();

type Studio = NonNullable<VideoDetail['studio']>;
const version = (n: number) => ({ version: n, at: '2026-01-01T00:00:00Z', durationSeconds: 20 });
const studio = (patch: Partial<Studio> = {}): Studio => ({
  currentVersion: 2, rendering: false, renderingVersion: null, nextVersion: 3, lastRerenderFailure: null, versions: [version(1), version(2)], hasUnrenderedEdits: true,
  title: 'Owls', narrationScript: ['Owls hunt at night.'],
  scenes: [{ line: 'Owls hunt at night.', prompt: 'an owl', pictureUrl: null, start: 0, end: 20, subjects: [], subjectOptions: [], chosenSubject: null, media: null }],
  voiceId: 'v', captions: DEFAULT_CAPTION_STYLE, music: DEFAULT_MUSIC,
  ...patch,
});
const video = (s: Studio): VideoDetail => ({
  _id: 'v1', title: 'Owls', createdAt: '2026-01-01T00:00:00Z', aspectRatio: '9:16', duration: 20, status: s.rendering ? 'audio' : 'done', description: '', narrationScript: ['Owls hunt at night.'],
  progress: 100, message: '', topic: 'Fun Facts', language: 'English', style: 'anime', voiceid: 'v', streamUrl: '/s', downloadUrl: '/s&download=1', thumbnailUrl: null,
  failureReason: null, isSeries: false, studio: s,
});
const renderPanel = (s: Studio) => renderRoutes({ at: '/v', withAuth: false, routes: [{ path: '/v', element: <StudioPanel video={video(s)} /> }] });

/** The panel as the detail page draws it while the video's record changes (its live status); `show` gives it the next record. */
function renderLive(first: Studio): { show: (next: Studio) => void } {
  let set: (next: Studio) => void = () => undefined;
  function Live() {
    const [current, setCurrent] = useState(first);
    set = setCurrent;
    return <StudioPanel video={video(current)} />;
  }
  renderRoutes({ at: '/v', withAuth: false, routes: [{ path: '/v', element: <Live /> }] });
  return { show: (next) => act(() => set(next)) };
}

// Version 3 failed after version 2: the version on show is 2, the next render is 4.
const failure = { version: 3, reason: 'The render failed while mixing the audio (3 attempts): ffmpeg exited with 1', at: '2026-01-02T00:00:00Z' };

describe('The studio panel', () => {
  describe('When the latest re-render failed', () => {
    it('should say which version failed and why, that the one on show stays, and offer to render again', () => {
      renderPanel(studio({ nextVersion: 4, lastRerenderFailure: failure }));
      const alert = screen.getByTestId('rerender-failure');
      expect(alert).toHaveTextContent('Version 3 could not be rendered. Version 2 is still on show.');
      expect(alert).toHaveTextContent(failure.reason);
      expect(screen.getByRole('button', { name: /Re-render as version 4/ })).toBeEnabled();
      expect(screen.getByText('You have changes that are not in the video yet.')).toBeInTheDocument();
    });
  });

  describe('When a re-render runs after a failed one', () => {
    it('should number it as the server does', () => {
      renderPanel(studio({ rendering: true, renderingVersion: 4, nextVersion: 5 }));
      expect(screen.getByText(/Rendering version 4…/)).toBeInTheDocument();
      expect(screen.queryByTestId('rerender-failure')).toBeNull();
    });
  });

  describe('When a re-render is refused because a render is running', () => {
    it("should say so in the spec's words", async () => {
      server.use(http.post('*/api/video/v1/rerender', () => HttpResponse.json({ error: 'Video is still processing' }, { status: 409 })));
      renderPanel(studio());
      fireEvent.click(screen.getByRole('button', { name: /Re-render as version 3/ }));
      expect(await screen.findByText('Your previous video is still processing.')).toBeInTheDocument();
      expect(screen.getByText('Please try again later.')).toBeInTheDocument();
      expect(screen.queryByText('Video is still processing')).toBeNull();
    });
  });

  describe('When the panel is drawn on its first tab', () => {
    it("should leave the versions' dates unformatted until the Versions tab is opened, then list them newest first", () => {
      const formatted = jest.spyOn(Date.prototype, 'toLocaleString');
      try {
        renderPanel(studio());
        expect(screen.getByRole('tab', { name: 'Versions (2)' })).toBeInTheDocument();
        expect(formatted).not.toHaveBeenCalled();

        fireEvent.click(screen.getByRole('tab', { name: 'Versions (2)' }));
        const versions = screen.getAllByRole('listitem').filter((item) => item.classList.contains('st-version'));
        expect(versions.map((item) => item.querySelector('.st-version__name')?.textContent)).toEqual(['Version 2', 'Version 1']);
        expect(formatted).toHaveBeenCalledTimes(2);
        expect(versions[0]).toHaveTextContent('On show');
        expect(screen.getByRole('button', { name: 'Restore' })).toBeEnabled();
      } finally {
        formatted.mockRestore();
      }
    });
  });

  describe('When a re-render is asked for', () => {
    const asked = () => server.use(http.post('*/api/video/v1/rerender', () => HttpResponse.json({ version: 3 })));

    it('should say it is rendering, then that the new version is ready once it is on show', async () => {
      asked();
      const live = renderLive(studio());
      fireEvent.click(screen.getByRole('button', { name: /Re-render as version 3/ }));
      expect(await screen.findByText('Rendering version 3')).toBeInTheDocument();
      live.show(studio({ rendering: true, renderingVersion: 3, nextVersion: 4, hasUnrenderedEdits: false }));
      expect(screen.getByText('Rendering version 3')).toBeInTheDocument();
      live.show(studio({ currentVersion: 3, nextVersion: 4, versions: [version(1), version(2), version(3)], hasUnrenderedEdits: false }));
      expect(screen.getByText('Version 3 is ready')).toBeInTheDocument();
      expect(screen.getByText('The player shows it now.')).toBeInTheDocument();
      expect(screen.queryByText('Rendering version 3')).toBeNull();
    });

    it('should say the new version is ready when it was done before the answer came (a new music level)', async () => {
      let answer: () => void = () => undefined;
      const requested = new Promise<void>((reached) => {
        server.use(http.post('*/api/video/v1/rerender', () => new Promise<Response>((resolve) => {
          answer = () => resolve(HttpResponse.json({ version: 3 }));
          reached();
        })));
      });
      const live = renderLive(studio());
      fireEvent.click(screen.getByRole('button', { name: /Re-render as version 3/ }));
      await requested;
      live.show(studio({ currentVersion: 3, nextVersion: 4, versions: [version(1), version(2), version(3)], hasUnrenderedEdits: false }));
      await act(async () => answer());
      expect(await screen.findByText('Version 3 is ready')).toBeInTheDocument();
    });

    it('should take the toast away when the version failed (the alert says why), but not for an earlier failure', async () => {
      asked();
      const earlier = { ...failure, version: 2 };
      const live = renderLive(studio({ lastRerenderFailure: earlier }));
      fireEvent.click(screen.getByRole('button', { name: /Re-render as version 3/ }));
      expect(await screen.findByText('Rendering version 3')).toBeInTheDocument();
      live.show(studio({ lastRerenderFailure: earlier }));
      expect(screen.getByText('Rendering version 3')).toBeInTheDocument();
      live.show(studio({ nextVersion: 4, lastRerenderFailure: failure }));
      expect(screen.getByTestId('rerender-failure')).toHaveTextContent('Version 3 could not be rendered.');
      expect(screen.queryByText('Rendering version 3')).toBeNull();
      expect(screen.queryByText('Version 3 is ready')).toBeNull();
    });
  });
});
