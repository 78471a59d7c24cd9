import { render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { linesOf, oneLine, ScriptForm, validateScript } from './script-form';

describe('When the creator edits the voice script', () => {
  it('should make one scene of each non-blank line', () => {
    expect(linesOf('One.\n\n  Two.  \nThree.')).toEqual(['One.', 'Two.', 'Three.']);
  });

  it('should refuse an empty title or script, a title over 100 and a script over 1600 characters, in the API\'s words', () => {
    expect(validateScript({ title: ' ', script: 'A line.' })).toEqual({ title: 'Title is required' });
    expect(validateScript({ title: 't'.repeat(101), script: 'A line.' })).toEqual({ title: 'Title must be at most 100 characters' });
    expect(validateScript({ title: 'Fine', script: '\n \n' })).toEqual({ script: 'The voice script needs at least one line' });
    expect(validateScript({ title: 'Fine', script: `${'x'.repeat(800)}\n${'y'.repeat(800)}` })).toEqual({ script: 'The voice script must be at most 1600 characters' });
    expect(validateScript({ title: 'Fine', script: 'A line.\nAnother.' })).toEqual({});
  });
});

describe('Given a title longer than a phone is wide', () => {
  const title = 'Ever Wondered Why Cats Always Land on Their Feet? The Physics Behind the Righting Reflex';

  it('should show it whole in a box that grows, and save it with Enter as one line', async () => {
    const onSave = jest.fn();
    render(<ScriptForm title={title} narrationScript={['A line.']} saving={false} disabled={false} onSave={onSave} />);
    // Then the title is a growing box of up to three lines, not a one-line input
    const box = screen.getByRole('textbox', { name: 'TITLE' });
    expect(box.tagName).toBe('TEXTAREA');
    expect(box).toHaveValue(title);
    expect(screen.getByText(`${title.length} / 100`)).toBeInTheDocument();
    // When the creator edits it and presses Enter
    const user = userEvent.setup();
    await user.type(box, '!{Enter}');
    // Then no line break goes in, and the script is saved
    await waitFor(() => expect(onSave).toHaveBeenCalledWith({ title: `${title}!`, narrationScript: ['A line.'] }));
    expect(box).toHaveValue(`${title}!`);
  });

  it('should save a pasted line break as a space', () => {
    expect(oneLine('  Why cats\n land  on their feet ')).toBe('Why cats land on their feet');
    expect(validateScript({ title: '\n\n', script: 'A line.' })).toEqual({ title: 'Title is required' });
  });
});
