/**
 * @jest-environment-options {"customExportConditions": [""]}
 */
import { fireEvent, screen, waitFor } from '@testing-library/react';
import type { OwnMediaChoice } from '../../../components/ui/own-media-picker';
import { renderWithStore } from '../../../../test/render';
import { HttpResponse, http, server, useMswServer } from '../../../../test/server';
import { MediaPicker } from './media-picker';

useMswServer();
// jsdom computes no pseudo-element styles; antd's modal asks for the scrollbar's when it opens (noise only).
const computedStyle = window.getComputedStyle.bind(window);
beforeAll(() => jest.spyOn(window, 'getComputedStyle').mockImplementation((element) => computedStyle(element)));

const anItem = (name: string, kind: 'clip' | 'image', durationSeconds: number | null = kind === 'clip' ? 12 : null) => ({
  _id: `m-${name}`, kind, name, contentType: kind === 'clip' ? 'video/mp4' : 'image/png', bytes: 4096, width: 1280, height: 720, durationSeconds,
  thumbnailUrl: `/api/media/thumbnail/u/m-${name}?exp=1&sig=x`, createdAt: '2026-01-01T00:00:00Z',
});
const LIBRARY = [anItem('beach.mp4', 'clip'), anItem('sky.png', 'image'), anItem('city.mov', 'clip', 59.6)];
const listed = (media = LIBRARY) => http.get('/api/media', () => HttpResponse.json({ media, usedBytes: 3 * 4096, storageBytes: 1024 ** 3, total: media.length, nextOffset: null }));

function renderPicker(multiple = true) {
  const picked: OwnMediaChoice[][] = [];
  const cancelled = jest.fn();
  renderWithStore(<MediaPicker open multiple={multiple} title="Use my own media" onCancel={cancelled} onPick={(choices) => picked.push(choices)} />);
  return { picked, cancelled };
}

const item = (name: RegExp) => screen.getByRole('button', { name });

describe("The media library's picker", () => {
  it('should number the items in the order they are ticked, renumber when one is unticked, and hand them over in that order', async () => {
    server.use(listed());
    const { picked } = renderPicker();
    await screen.findByRole('button', { name: /^city\.mov/ });
    expect(screen.getByText('1:00')).toBeInTheDocument();
    const ok = () => screen.getByRole('button', { name: /in this order|^Use/ });
    expect(ok()).toBeDisabled();

    fireEvent.click(item(/^city\.mov/));
    fireEvent.click(item(/^beach\.mp4/));
    fireEvent.click(item(/^sky\.png/));
    expect(item(/^city\.mov, number 1$/)).toHaveAttribute('aria-pressed', 'true');
    expect(item(/^beach\.mp4, number 2$/)).toBeInTheDocument();
    expect(item(/^sky\.png, number 3$/)).toBeInTheDocument();

    // Unticking the first moves the others up.
    fireEvent.click(item(/^city\.mov, number 1$/));
    expect(item(/^city\.mov$/)).toHaveAttribute('aria-pressed', 'false');
    expect(item(/^beach\.mp4, number 1$/)).toBeInTheDocument();
    expect(item(/^sky\.png, number 2$/)).toBeInTheDocument();

    fireEvent.click(screen.getByRole('radio', { name: 'Letterbox' }));
    fireEvent.click(screen.getByRole('button', { name: 'Use 2 in this order' }));
    expect(picked).toEqual([[
      { mediaId: 'm-beach.mp4', kind: 'clip', name: 'beach.mp4', thumbnailUrl: LIBRARY[0].thumbnailUrl, durationSeconds: 12, fit: 'letterbox' },
      { mediaId: 'm-sky.png', kind: 'image', name: 'sky.png', thumbnailUrl: LIBRARY[1].thumbnailUrl, durationSeconds: null, fit: 'letterbox' },
    ]]);
  });

  it('should crop to fill unless letterbox is chosen, and keep one item when only one may be picked', async () => {
    server.use(listed());
    const { picked } = renderPicker(false);
    fireEvent.click(await screen.findByRole('button', { name: /^beach\.mp4/ }));
    fireEvent.click(item(/^sky\.png/));
    expect(item(/^beach\.mp4/)).toHaveAttribute('aria-pressed', 'false');
    fireEvent.click(screen.getByRole('button', { name: 'Use it' }));
    expect(picked).toEqual([[expect.objectContaining({ mediaId: 'm-sky.png', fit: 'crop' })]]);
  });

  it('should pick a new upload next, once it is in', async () => {
    const uploaded = anItem('new.mp4', 'clip');
    let library = LIBRARY.slice(0, 1);
    server.use(
      http.get('/api/media', () => HttpResponse.json({ media: library, usedBytes: 0, storageBytes: 1024 ** 3, total: library.length, nextOffset: null })),
      http.post('/api/media', () => {
        library = [uploaded, ...library];
        return HttpResponse.json({ ...uploaded, position: 7 }, { status: 201 });
      }),
    );
    const { picked } = renderPicker();
    fireEvent.click(await screen.findByRole('button', { name: /^beach\.mp4/ }));
    fireEvent.change(screen.getByTestId('media-file-input'), { target: { files: [new File(['clip'], 'new.mp4', { type: 'video/mp4' })] } });
    expect(await screen.findByRole('button', { name: /^new\.mp4, number 2$/ })).toBeInTheDocument();
    fireEvent.click(screen.getByRole('button', { name: 'Use 2 in this order' }));
    expect(picked[0].map((c) => c.mediaId)).toEqual(['m-beach.mp4', 'm-new.mp4']);
  });

  it('should say so when the library is empty, and be closed without a pick', async () => {
    server.use(listed([]));
    const { picked, cancelled } = renderPicker();
    expect(await screen.findByText('Your library is empty: upload a clip or an image.')).toBeInTheDocument();
    fireEvent.click(screen.getByRole('button', { name: 'Cancel' }));
    await waitFor(() => expect(cancelled).toHaveBeenCalled());
    expect(picked).toEqual([]);
  });
});
