import { VOICES } from '@app/domain';
import { tokenize, wordsFromEvents } from './espeak';
import { espeakVoiceFor } from './voices';

describe('When espeak word events are mapped onto the written words', () => {
  const line = '¿Verdad? Son 1096 años.';
  const output = {
    lines: [{ startMs: 0, endMs: 3000 }],
    words: [
      { line: 0, startMs: 10, textPos: 1, length: 6 },
      { line: 0, startMs: 900, textPos: 9, length: 3 },
      { line: 0, startMs: 1200, textPos: 13, length: 4 },
      { line: 0, startMs: 1500, textPos: 13, length: 4 },
      { line: 0, startMs: 2400, textPos: 18, length: 4 },
    ],
    ends: [{ line: 0, ms: 700 }, { line: 0, ms: 2900 }],
  };
  const words = wordsFromEvents([line], output);

  it('should keep punctuation with its word and merge several events in one written word', () => {
    expect(words.map((w) => w.word)).toEqual(['¿Verdad?', 'Son', '1096', 'años.']);
  });

  it('should end a word at the end of its clause, else at the next word', () => {
    expect(words[0].end).toBeCloseTo(0.7);
    expect(words[1].end).toBeCloseTo(1.2);
    expect(words[3].end).toBeCloseTo(2.9);
  });

  it('should count characters as code points like espeak does', () => {
    expect(tokenize('pingüinos él')).toEqual([{ text: 'pingüinos', start: 0, end: 9 }, { text: 'él', start: 10, end: 12 }]);
  });
});

describe('When catalogue voices are mapped to espeak voices', () => {
  it('should give each of the 12 voices its own sound', () => {
    const sounds = VOICES.map((v) => JSON.stringify(espeakVoiceFor(v.id, 'English')));
    expect(new Set(sounds).size).toBe(12);
  });

  it('should speak Spanish and French with Spanish and French voices', () => {
    for (const v of VOICES) {
      expect(espeakVoiceFor(v.id, 'Spanish').name).toMatch(/^es(-419)?\+/);
      expect(espeakVoiceFor(v.id, 'French').name).toMatch(/^fr\+/);
    }
  });

  it('should use a British voice for British narrators', () => {
    expect(espeakVoiceFor('JBFqnCBsd6RMkjVDRZzb', 'English').name).toMatch(/^en-gb/);
    expect(espeakVoiceFor('nPczCjzI2devNBz1zQrb', 'English').name).toMatch(/^en-us/);
  });
});
