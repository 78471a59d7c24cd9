import { useState } from 'react';
import { act, fireEvent, render, screen } from '@testing-library/react';
import type { MusicSettings } from '@app/domain';
import { MusicFields } from './look-and-sound';

const START: MusicSettings = { mood: 'auto', volume: 30, ducking: true };
let saved: (music: MusicSettings) => void = () => undefined;

/**
 * The fields as the studio holds them: each change told is saved, and the saved settings come back
 * (`immediately`, or later when the test hands them back, as the studio's refetches do).
 */
function SavedMusic({ saves, immediately }: { saves: number[]; immediately: boolean }) {
  const [music, setMusic] = useState<MusicSettings>(START);
  saved = setMusic;
  return <MusicFields music={music} disabled={false} onChange={(next) => { saves.push(next.volume); if (immediately) setMusic(next); }} />;
}

/** rc-slider reads the key code; each press moves the handle and ends a move (onChangeComplete), as in a browser. */
function pressArrowLeft(times: number) {
  for (let i = 0; i < times; i++) {
    fireEvent.keyDown(document.activeElement!, { key: 'ArrowLeft', code: 'ArrowLeft', keyCode: 37, which: 37 });
    fireEvent.keyUp(document.activeElement!, { key: 'ArrowLeft', code: 'ArrowLeft', keyCode: 37, which: 37 });
  }
}

const label = () => document.getElementById('studio-volume')?.textContent;

describe('MusicFields', () => {
  it('given the volume slider has the focus, when the arrow keys lower it and each step is saved, then it keeps the focus down to no music', () => {
    const saves: number[] = [];
    render(<SavedMusic saves={saves} immediately />);
    act(() => screen.getByRole('slider').focus());

    pressArrowLeft(6);

    expect({ label: label(), saves }).toEqual({ label: 'MUSIC VOLUME · no music', saves: [25, 20, 15, 10, 5, 0] });
    expect(screen.getByRole('slider')).toHaveFocus();
    expect(screen.getByRole('switch')).toBeDisabled();
  });

  it('when the saves of earlier steps come back after the last one was told, then the slider does not jump back, and takes a later outside change', () => {
    const saves: number[] = [];
    render(<SavedMusic saves={saves} immediately={false} />);
    act(() => screen.getByRole('slider').focus());
    pressArrowLeft(6);

    for (const volume of saves) {
      act(() => saved({ ...START, volume }));
      expect(label()).toBe('MUSIC VOLUME · no music');
    }
    act(() => saved({ ...START, volume: 60 }));

    expect(label()).toBe('MUSIC VOLUME · 60 %');
    expect(screen.getByRole('slider')).toHaveAttribute('aria-valuenow', '60');
  });
});
