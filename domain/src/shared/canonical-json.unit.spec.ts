import { canonicalJson, sameData } from './canonical-json';

describe('Canonical JSON (data compared whatever order its keys come in)', () => {
  it('should give the same text for the same data with its keys in another order, at any depth', () => {
    // Given a caption style as a command wrote it, and as PostgreSQL's jsonb gives it back (shortest keys first),
    const written = { captions: { preset: 'classic', position: 'bottom', size: 'medium', highlight: '#FFE500' }, lines: ['a', 'b'] };
    const readBack = { lines: ['a', 'b'], captions: { size: 'medium', preset: 'classic', position: 'bottom', highlight: '#FFE500' } };
    // then both are the same data.
    expect(JSON.stringify(written)).not.toBe(JSON.stringify(readBack));
    expect(canonicalJson(written)).toBe(canonicalJson(readBack));
    expect(sameData(written, readBack)).toBe(true);
  });

  it('should keep the order of arrays, and tell different values apart', () => {
    expect(sameData(['a', 'b'], ['b', 'a'])).toBe(false);
    expect(sameData({ volume: 50 }, { volume: 55 })).toBe(false);
    expect(sameData({ a: 1, b: undefined }, { a: 1 })).toBe(true);
    expect(canonicalJson([{ b: 1, a: null }])).toBe('[{"a":null,"b":1}]');
  });
});
