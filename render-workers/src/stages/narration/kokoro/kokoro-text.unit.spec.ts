import { phonemeWeight, tokenIds, toKokoroPhonemes, VOCAB } from './phonemes';
import { placeWords, planSentences, speechSpan } from './timings';
import { blendStyle, neuralVoiceFor, STYLE_ROWS, STYLE_SIZE } from './voices';

describe('toKokoroPhonemes', () => {
  describe('When espeak-ng writes American English with tied diphthongs', () => {
    it('should write them in Kokoro\'s single symbols, turn flaps and glottal stops into T and t, and drop length marks', () => {
      expect(toKokoroPhonemes('dˈɪd juː nˈo^ʊ ðæt hˈɑː^ɹts wˌa^ɪl bˈɑːɾi', 'en-us')).toBe('dˈɪd ju nˈO ðæt hˈɑɹts wˌIl bˈɑTi');
    });
  });

  describe('When espeak-ng writes British English', () => {
    it('should keep length marks and write the GOAT and SQUARE vowels as Kokoro does', () => {
      expect(toKokoroPhonemes('ɡə^ʊ thˈe^ə', 'en-gb')).toBe('ɡQ thˈɛː');
    });
  });

  describe('When French has a language switch and nasal vowels', () => {
    it('should drop the switch flags and keep the nasals', () => {
      expect(toKokoroPhonemes('lə- (^e^n)wiːkˈɛnd(^f^r) lɔ̃tˈɑ̃', 'fr')).toBe('lə wiːkˈɛnd lɔ̃tˈɑ̃');
    });
  });

  describe('When Spanish has tied affricates', () => {
    it('should write them as one symbol', () => {
      expect(toKokoroPhonemes('mˈut^ʃo βˌe^ɪnte', 'es')).toBe('mˈuʧo βˌAnte');
    });
  });
});

describe('tokenIds', () => {
  it('should map every symbol through the model\'s vocabulary and drop unknown ones', () => {
    expect(VOCAB.size).toBe(114);
    expect(tokenIds('hˈɛ, ¿')).toEqual([50, 156, 86, 3, 16]);
  });

  it('should weigh sounds by their stress in English and alike in French, never the stress marks themselves', () => {
    expect(phonemeWeight('ˈɑːktəpjˌuːsᵻz', 'en-us')).toBeCloseTo(11.5);
    expect(phonemeWeight('bɔ̃ʒˈuʁ', 'fr')).toBe(5);
  });
});

describe('planSentences', () => {
  it('should split lines into sentences with their clauses and keep each word as written', () => {
    const [first, second] = planSentences(['¿Sabías que el pingüino no vuela? Tiene alas, pero nada.']);

    expect(first.words.map((w) => w.text)).toEqual(['¿Sabías', 'que', 'el', 'pingüino', 'no', 'vuela?']);
    expect(first.segments).toEqual([{ text: '¿Sabías que el pingüino no vuela', punctuation: '?' }]);
    expect(second.segments).toEqual([{ text: 'Tiene alas', punctuation: ',' }, { text: 'pero nada', punctuation: '.' }]);
    expect(second.words.map((w) => w.clauseEnd)).toEqual([false, true, false, false]);
  });

  it('should cut a sentence too long for the model after a clause, or after a word when it has none', () => {
    const clause = `${'word '.repeat(60)}then, ${'more '.repeat(20)}end.`;
    const run = `${'word '.repeat(100)}end.`;

    expect(planSentences([clause]).map((s) => s.words.length)).toEqual([61, 21]);
    expect(planSentences([run]).every((s) => s.words.map((w) => w.text).join(' ').length <= 385)).toBe(true);
  });

  it('should keep the line each sentence comes from and skip tokens with nothing to say', () => {
    expect(planSentences(['One. Two.', '—', 'Three']).map((s) => s.line)).toEqual([0, 0, 2]);
  });
});

describe('speechSpan and placeWords', () => {
  const rate = 1000;
  /** Tone where `on` is true, silence elsewhere, 10 ms per entry. */
  const clip = (pattern: string) => Float32Array.from(Array.from(pattern).flatMap((c) => Array.from({ length: 10 }, (_, i) => (c === '#' ? 0.5 * Math.sin(i) : 0))));

  it('should find the speech inside the silence around it and the pauses inside it', () => {
    const span = speechSpan(clip(`${'.'.repeat(5)}${'#'.repeat(30)}${'.'.repeat(20)}${'#'.repeat(40)}${'.'.repeat(5)}`), rate);

    expect(span.start).toBeCloseTo(0.05);
    expect(span.end).toBeCloseTo(0.95);
    expect(span.pauses).toEqual([{ start: expect.closeTo(0.35), end: expect.closeTo(0.55) }]);
  });

  it('should end speech at the fade of its last voiced sound, not at the breath out after it', () => {
    // 30 frames of speech, then 50 of breath at -30 dB with single frames at -20 dB, then silence.
    const speech = clip(`${'.'.repeat(5)}${'#'.repeat(30)}`);
    const breath = Float32Array.from({ length: 500 }, (_, i) => (i % 70 < 10 ? 0.05 : 0.016) * Math.sin(i));
    const span = speechSpan(Float32Array.from([...speech, ...breath, ...new Float32Array(100)]), rate);

    expect(span.start).toBeCloseTo(0.05);
    // At most a fade (0.2 s) past the speech, where the breath went on to 0.85 s.
    expect(span.end).toBeGreaterThan(0.35);
    expect(span.end).toBeLessThan(0.6);
  });

  it('should keep the bounds of its silence for a clip with no voiced run (single clicks over a whisper)', () => {
    const whisper = Float32Array.from({ length: 600 }, (_, i) => (i % 100 < 10 ? 0.5 : 0.02) * Math.sin(i));
    const span = speechSpan(Float32Array.from([...new Float32Array(50), ...whisper, ...new Float32Array(50)]), rate);

    expect(span.start).toBeCloseTo(0.05);
    expect(span.end).toBeCloseTo(0.65);
  });

  it('should anchor a clause at the pause and share each stretch by weight, drawing out the word before a pause', () => {
    const span = { start: 0.05, end: 0.95, pauses: [{ start: 0.35, end: 0.55 }] };

    // Weights 1, 2 x 1.4 before the pause; 2, 2 x 1.4 after it (the sentence's last word).
    const times = placeWords([1, 2, 2, 2], [false, true, false, false], span);

    const round = (x: number) => Number(x.toFixed(3));
    expect(times.map(([s, e]) => [round(s), round(e)])).toEqual([
      [0.05, round(0.05 + 0.3 / 3.8)], [round(0.05 + 0.3 / 3.8), 0.35], [0.55, round(0.55 + (0.4 * 2) / 4.8)], [round(0.55 + (0.4 * 2) / 4.8), 0.95],
    ]);
  });

  it('should not anchor a clause to a pause far from where its words put it', () => {
    const times = placeWords([1, 1, 1, 1], [true, false, false, false], { start: 0, end: 1, pauses: [{ start: 0.8, end: 0.9 }] });

    expect(times.map(([s]) => s)).toEqual([0, 1.4 / 4.8, 2.4 / 4.8, 3.4 / 4.8].map((x) => expect.closeTo(x, 6)));
  });
});

describe('neuralVoiceFor', () => {
  it('should give each catalogue narrator its own English voice and a blend with the native voice elsewhere', () => {
    expect(neuralVoiceFor('JBFqnCBsd6RMkjVDRZzb', 'English')).toEqual({ dialect: 'en-gb', mix: [['bm_george', 1]], speed: 0.96 });
    expect(neuralVoiceFor('nPczCjzI2devNBz1zQrb', 'Spanish').mix).toEqual([['em_santa', 0.65], ['am_michael', 0.35]]);
    expect(neuralVoiceFor('XrExE9yKIg1WjnnlVkGX', 'French').mix).toEqual([['ff_siwis', 0.65], ['af_heart', 0.35]]);
  });

  it('should blend the style row chosen by the input length', () => {
    const a = new Float32Array(STYLE_ROWS * STYLE_SIZE).fill(1);
    const b = new Float32Array(STYLE_ROWS * STYLE_SIZE);
    b[3 * STYLE_SIZE] = 4;

    const style = blendStyle(new Map([['a', a], ['b', b]]), [['a', 0.75], ['b', 0.25]], 3);

    expect(style[0]).toBe(1.75);
    expect(style[1]).toBe(0.75);
  });
});
