import { fireEvent, render, screen, within } from '@testing-library/react';
import type { VideoDetail } from '@app/domain';
import { DEFAULT_CAPTION_STYLE, DEFAULT_MUSIC } from '@app/domain';
import { OwnMediaPickerContext, type OwnMediaPickerProps } from '../../../../components/ui/own-media-picker';
import { Storyboard } from './storyboard';

type Studio = NonNullable<VideoDetail['studio']>;
const clip = { mediaId: 'm-clip', kind: 'clip' as const, fit: 'crop' as const, thumbnailUrl: '/api/media/thumbnail/u/m-clip?sig=x' };
const studio: Studio = {
  currentVersion: 1, rendering: false, renderingVersion: null, nextVersion: 2, lastRerenderFailure: null, versions: [{ version: 1, at: '2026-01-01T00:00:00Z', durationSeconds: 20 }], hasUnrenderedEdits: true,
  title: 'Owls', narrationScript: ['Owls hunt at night.', 'They see in the dark.'],
  scenes: [
    { line: 'Owls hunt at night.', prompt: 'an owl', pictureUrl: null, start: 0, end: 10, subjects: [{ id: 'owl', emoji: '🦉', label: 'owl' }], subjectOptions: [], chosenSubject: null, media: clip },
    { line: 'They see in the dark.', prompt: 'the dark', pictureUrl: null, start: 10, end: 20, subjects: [], subjectOptions: [], chosenSubject: null, media: null },
  ],
  voiceId: 'v', captions: DEFAULT_CAPTION_STYLE, music: DEFAULT_MUSIC,
};
const noop = async () => undefined;

/** The page's picker, as the library provides it: here it offers one letterboxed image. */
function ImagePicker({ open, onPick }: OwnMediaPickerProps) {
  return open ? (
    <button type="button" onClick={() => onPick([{ mediaId: 'm-img', kind: 'image', name: 'sky.png', thumbnailUrl: '/t', durationSeconds: null, fit: 'letterbox' }])}>
      Pick sky.png
    </button>
  ) : null;
}

describe("The storyboard with the creator's own media", () => {
  it('should show a scene\'s clip in place of its picture, without a subject to pick, and give the picture back', () => {
    const used: unknown[] = [];
    render(
      <OwnMediaPickerContext.Provider value={ImagePicker}>
        <Storyboard studio={studio} disabled={false} onEditLine={noop} onArrange={noop} onRegenerate={noop} onPickSubject={noop} onUseMedia={async (i, m) => void used.push([i, m])} />
      </OwnMediaPickerContext.Provider>,
    );
    const [first, second] = screen.getAllByTestId('storyboard-scene');
    expect(within(first).getByRole('img', { name: 'Scene 1: my clip' })).toHaveAttribute('src', clip.thumbnailUrl);
    expect(within(first).getByText('My clip · crop')).toBeInTheDocument();
    expect(within(first).queryByRole('combobox')).toBeNull();
    fireEvent.click(within(first).getByRole('button', { name: /Use the picture again/ }));
    fireEvent.click(within(second).getByRole('button', { name: /Use my media/ }));
    fireEvent.click(screen.getByRole('button', { name: 'Pick sky.png' }));
    expect(used).toEqual([[0, null], [1, { mediaId: 'm-img', fit: 'letterbox' }]]);
  });

  it('should offer no media where the page provides no library', () => {
    render(<Storyboard studio={studio} disabled={false} onEditLine={noop} onArrange={noop} onRegenerate={noop} onPickSubject={noop} onUseMedia={noop} />);
    expect(screen.queryByRole('button', { name: /Use my media/ })).toBeNull();
  });
});
