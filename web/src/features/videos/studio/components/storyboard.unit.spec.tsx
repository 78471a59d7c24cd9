import { fireEvent, render, screen, within } from '@testing-library/react';
import type { VideoDetail } from '@app/domain';
import { DEFAULT_CAPTION_STYLE, DEFAULT_MUSIC } from '@app/domain';
import { Storyboard } from './storyboard';

type Studio = NonNullable<VideoDetail['studio']>;

const shrimp = { id: 'shrimp', emoji: '🦐', label: 'gamba' };
const herb = { id: 'herb', emoji: '🌿', label: 'hierba' };
const crab = { id: 'crab', emoji: '🦀', label: 'cangrejo' };
const studio = (chosenSubject: string | null = null): Studio => ({
  currentVersion: 1, rendering: false, renderingVersion: null, nextVersion: 2, lastRerenderFailure: null, versions: [{ version: 1, at: '2026-01-01T00:00:00Z', durationSeconds: 20 }], hasUnrenderedEdits: false,
  title: 'Gambas', narrationScript: ['La gamba come algas.', 'Fin.'],
  scenes: [
    { line: 'La gamba come algas.', prompt: 'a shrimp', pictureUrl: null, start: 0, end: 10, subjects: [shrimp, herb], subjectOptions: [crab], chosenSubject },
    { line: 'Fin.', prompt: 'the end', pictureUrl: null, start: 10, end: 20, subjects: [], subjectOptions: [], chosenSubject: null },
  ],
  voiceId: 'v', captions: DEFAULT_CAPTION_STYLE, music: DEFAULT_MUSIC,
});

const noop = async () => undefined;

describe('Storyboard subjects', () => {
  it('should show what each scene\'s picture shows, main subject first, in the video\'s language', () => {
    render(<Storyboard studio={studio()} disabled={false} onEditLine={noop} onArrange={noop} onRegenerate={noop} onPickSubject={noop} />);
    const shows = screen.getByRole('list', { name: 'Scene 1 shows' });
    expect(within(shows).getAllByRole('listitem').map((li) => li.textContent)).toEqual(['🦐 gamba', '🌿 hierba']);
    // A scene drawn without subjects offers no choice.
    expect(screen.queryByRole('list', { name: 'Scene 2 shows' })).toBeNull();
  });

  it('should let the creator pick another subject the scene offers, or go back to the line\'s', () => {
    const picked: Array<[number, string | null]> = [];
    const onPickSubject = async (index: number, subject: string | null) => void picked.push([index, subject]);
    const { rerender } = render(<Storyboard studio={studio()} disabled={false} onEditLine={noop} onArrange={noop} onRegenerate={noop} onPickSubject={onPickSubject} />);
    const pick = screen.getByRole('combobox', { name: 'Main subject of scene 1' });
    expect(within(pick).getAllByRole('option').map((o) => o.textContent)).toEqual(['Subject: as the line says', '🦐 gamba', '🌿 hierba', '🦀 cangrejo']);
    fireEvent.change(pick, { target: { value: 'crab' } });
    expect(picked).toEqual([[0, 'crab']]);
    rerender(<Storyboard studio={studio('crab')} disabled={false} onEditLine={noop} onArrange={noop} onRegenerate={noop} onPickSubject={onPickSubject} />);
    expect(screen.getByRole('combobox', { name: 'Main subject of scene 1' })).toHaveValue('crab');
    fireEvent.change(screen.getByRole('combobox', { name: 'Main subject of scene 1' }), { target: { value: '' } });
    expect(picked).toEqual([[0, 'crab'], [0, null]]);
  });
});
