import { createRef } from 'react';
import { fireEvent, render, screen, within } from '@testing-library/react';
import { Form, FormSpy } from 'react-final-form';
import { OwnMediaPickerContext, type OwnMediaChoice, type OwnMediaPickerProps } from '../../../../components/ui/own-media-picker';
import { MediaStep } from './media-step';

const clip: OwnMediaChoice = { mediaId: 'm-clip', kind: 'clip', name: 'beach.mp4', thumbnailUrl: '/t/clip', durationSeconds: 59.6, fit: 'crop' };
const image: OwnMediaChoice = { mediaId: 'm-img', kind: 'image', name: 'sky.png', thumbnailUrl: '/t/img', durationSeconds: null, fit: 'crop' };
const portrait: OwnMediaChoice = { mediaId: 'm-tall', kind: 'clip', name: 'tall.mov', thumbnailUrl: '/t/tall', durationSeconds: 3, fit: 'letterbox' };

/** The library's picker as the page provides it: it offers the clip and the image in that order, then the portrait clip. */
function StubPicker({ open, multiple, onPick, onCancel }: OwnMediaPickerProps) {
  if (!open) return null;
  return (
    <div role="dialog" aria-label="Picker">
      <span>{multiple ? 'several' : 'one'}</span>
      <button type="button" onClick={() => onPick([clip, image])}>Pick beach.mp4 then sky.png</button>
      <button type="button" onClick={() => onPick([portrait])}>Pick tall.mov</button>
      <button type="button" onClick={onCancel}>Close the picker</button>
    </div>
  );
}

function renderStep({ withPicker = true } = {}) {
  const values: { sceneMedia?: OwnMediaChoice[] }[] = [];
  const onNext = jest.fn();
  const onBack = jest.fn();
  const step = (
    <Form onSubmit={() => undefined} render={() => (
      <>
        <MediaStep headingRef={createRef()} onBack={onBack} onNext={onNext} />
        <FormSpy subscription={{ values: true }} onChange={({ values: v }) => values.push(v as { sceneMedia?: OwnMediaChoice[] })} />
      </>
    )} />
  );
  render(withPicker ? <OwnMediaPickerContext.Provider value={StubPicker}>{step}</OwnMediaPickerContext.Provider> : step);
  return { onNext, onBack, sceneMedia: () => values.at(-1)?.sceneMedia };
}

const rows = () => within(screen.getByRole('list', { name: 'Your media, in scene order' })).getAllByRole('listitem');
const rowTexts = () => rows().map((row) => within(row).getByText(/^Scene \d/).textContent + ' ' + row.querySelector('.wizard-media__name')!.textContent);

describe('The "Use my own media" step of the Create wizard', () => {
  it('should be skipped when nothing is picked: Skip goes on with no media, Back goes back', () => {
    const { onNext, onBack, sceneMedia } = renderStep();
    expect(screen.getByRole('heading', { name: 'Use my own media' })).toBeInTheDocument();
    expect(screen.queryByRole('list', { name: 'Your media, in scene order' })).toBeNull();
    fireEvent.click(screen.getByRole('button', { name: /Skip/ }));
    expect(onNext).toHaveBeenCalledTimes(1);
    expect(sceneMedia()).toBeUndefined();
    fireEvent.click(screen.getByRole('button', { name: /Back/ }));
    expect(onBack).toHaveBeenCalledTimes(1);
  });

  it('should put the picked items on the scenes in the order they were picked, then those added after them', () => {
    const { onNext, sceneMedia } = renderStep();
    fireEvent.click(screen.getByRole('button', { name: /Pick from my library or upload/ }));
    expect(within(screen.getByRole('dialog', { name: 'Picker' })).getByText('several')).toBeInTheDocument();
    fireEvent.click(screen.getByRole('button', { name: 'Pick beach.mp4 then sky.png' }));
    expect(screen.queryByRole('dialog', { name: 'Picker' })).toBeNull();
    // 59.6 s is a minute, not "0:60".
    expect(rowTexts()).toEqual(['Scene 1 beach.mp4 · 1:00', 'Scene 2 sky.png']);

    fireEvent.click(screen.getByRole('button', { name: /Add more from my library/ }));
    fireEvent.click(screen.getByRole('button', { name: 'Pick tall.mov' }));
    expect(rowTexts()).toEqual(['Scene 1 beach.mp4 · 1:00', 'Scene 2 sky.png', 'Scene 3 tall.mov · 0:03']);
    expect(sceneMedia()!.map((m) => [m.mediaId, m.fit])).toEqual([['m-clip', 'crop'], ['m-img', 'crop'], ['m-tall', 'letterbox']]);

    fireEvent.click(screen.getByRole('button', { name: /Next/ }));
    expect(onNext).toHaveBeenCalledTimes(1);
  });

  it('should reorder, letterbox and remove items, and offer Skip again once none is left', () => {
    const { sceneMedia } = renderStep();
    fireEvent.click(screen.getByRole('button', { name: /Pick from my library or upload/ }));
    fireEvent.click(screen.getByRole('button', { name: 'Pick beach.mp4 then sky.png' }));
    expect(screen.getByRole('button', { name: 'Move beach.mp4 up' })).toBeDisabled();
    expect(screen.getByRole('button', { name: 'Move sky.png down' })).toBeDisabled();

    fireEvent.change(screen.getByLabelText('How sky.png fills the frame'), { target: { value: 'letterbox' } });
    fireEvent.click(screen.getByRole('button', { name: 'Move sky.png up' }));
    expect(rowTexts()).toEqual(['Scene 1 sky.png', 'Scene 2 beach.mp4 · 1:00']);
    expect(sceneMedia()!.map((m) => [m.mediaId, m.fit])).toEqual([['m-img', 'letterbox'], ['m-clip', 'crop']]);

    fireEvent.click(screen.getByRole('button', { name: 'Remove sky.png' }));
    expect(rowTexts()).toEqual(['Scene 1 beach.mp4 · 1:00']);
    fireEvent.click(screen.getByRole('button', { name: 'Remove beach.mp4' }));
    expect(screen.queryByRole('list', { name: 'Your media, in scene order' })).toBeNull();
    expect(sceneMedia()).toBeUndefined();
    expect(screen.getByRole('button', { name: /Skip/ })).toBeInTheDocument();
  });

  it('should close the picker without a change when nothing is picked', () => {
    const { sceneMedia } = renderStep();
    fireEvent.click(screen.getByRole('button', { name: /Pick from my library or upload/ }));
    fireEvent.click(screen.getByRole('button', { name: 'Close the picker' }));
    expect(screen.queryByRole('dialog', { name: 'Picker' })).toBeNull();
    expect(sceneMedia()).toBeUndefined();
  });

  it('should offer no library where the page provides none, and still be skippable', () => {
    const { onNext } = renderStep({ withPicker: false });
    expect(screen.queryByRole('button', { name: /from my library/ })).toBeNull();
    fireEvent.click(screen.getByRole('button', { name: /Skip/ }));
    expect(onNext).toHaveBeenCalled();
  });
});
