/**
 * @jest-environment-options {"customExportConditions": [""]}
 */
import { render, waitFor } from '@testing-library/react';
import { Provider } from 'react-redux';
import { makeStore } from '../../../app/store';
import { http, HttpResponse, server, useMswServer } from '../../../../test/server';
import { renderWithStore } from '../../../../test/render';
import { positionSeen } from '../../../lib/position-slice';
import { useLiveVideoStatus } from './use-live-status';

useMswServer();

/** The URLs the page's live streams were opened at. */
const opened: string[] = [];
class RecordingEventSource {
  constructor(readonly url: string) {
    opened.push(url);
  }
  addEventListener() {}
  close() {}
  onerror: (() => void) | null = null;
}

function Status({ id }: { id: string }) {
  useLiveVideoStatus(id);
  return null;
}

beforeEach(() => {
  opened.length = 0;
  window.localStorage.setItem('token', 'tok');
  Object.defineProperty(window, 'EventSource', { value: RecordingEventSource, configurable: true, writable: true });
  server.use(http.get('/api/video/status/:id', () => HttpResponse.json({ status: 'script', message: 'Writing the script' })));
});

describe('Given a video just asked for (the command answered with its position)', () => {
  it('should open its live status naming that position, so the stream waits for the video to be projected', async () => {
    const store = makeStore();
    store.dispatch(positionSeen(42));
    render(<Provider store={store}><Status id="v-1" /></Provider>);
    await waitFor(() => expect(opened).toHaveLength(1));
    expect(opened[0]).toBe('/api/video/events/v-1?token=tok&minPosition=42');
  });
});

describe('Given no command seen by this page', () => {
  it('should open the live status without a position', async () => {
    renderWithStore(<Status id="v-2" />);
    await waitFor(() => expect(opened).toHaveLength(1));
    expect(opened[0]).toBe('/api/video/events/v-2?token=tok');
  });
});
