import { linesOf, validateScript } from './script-form';

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
