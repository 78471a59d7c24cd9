import { DURATIONS, LANGUAGES, TOPICS, languageCode, type Language } from '@app/domain';
import { lengthWords, writeOfflineScript, splitSentences } from './offline-writer';
import { estimateSpeechSeconds } from './sizing';

const request = (topic: string, language: Language, min: number, max: number, seed = 'seed-1', customPrompt: string | null = null) => ({
  topic, customPrompt, language, durationSeconds: max, minDurationSeconds: min, style: 'comic', seed,
});

describe('When the offline writer writes for every topic, language and duration', () => {
  // The custom topic twice: a subject, and a question (beats of their own).
  const topics: Array<[string, string | null]> = [...TOPICS.map((t): [string, string | null] => [t.label, t.label === 'Custom Topic' ? 'the history of coffee' : null]), ['Custom Topic', 'a question']];
  const question: Record<string, string> = { English: 'why owls hoot at night', Spanish: 'por qué los búhos ululan de noche', French: 'pourquoi les hiboux hululent la nuit' };
  for (const [topic, prompt] of topics) {
    for (const { id: language } of LANGUAGES) {
      it(`should fit ${prompt ?? topic} in ${language} into every duration range`, () => {
        for (const range of DURATIONS) {
          const script = writeOfflineScript(request(topic, language, range.min, range.max, `v-${range.id}`, prompt === 'a question' ? question[language] : prompt));
          const seconds = estimateSpeechSeconds(script.narrationScript, languageCode(language)) + 1.5;
          expect(seconds).toBeLessThanOrEqual(range.max);
          // The shortest narration still fills most of the range (the assembler pads the rest with music).
          expect(seconds).toBeGreaterThanOrEqual(range.min * (range.min >= 60 ? 0.8 : 0.9));
          expect(script.title.length).toBeGreaterThan(0);
          expect(script.title.length).toBeLessThanOrEqual(100);
          expect(script.description.length).toBeLessThanOrEqual(2000);
          expect(script.description).toMatch(/#\w+/);
          expect(script.scenes).toHaveLength(script.narrationScript.length);
        }
      });
    }
  }
});

describe('When the same video is written twice', () => {
  it('should write the same script for the same seed and vary with the seed', () => {
    const a = writeOfflineScript(request('Fun Facts', 'English', 45, 60, 'video-a'));
    expect(writeOfflineScript(request('Fun Facts', 'English', 45, 60, 'video-a'))).toEqual(a);
    const others = ['video-b', 'video-c', 'video-d'].map((seed) => writeOfflineScript(request('Fun Facts', 'English', 45, 60, seed)).narrationScript.join(' '));
    expect(others.some((o) => o !== a.narrationScript.join(' '))).toBe(true);
  });
});

describe('When the topic is a story', () => {
  it('should keep the beats in story order and end on the punchline', () => {
    const script = writeOfflineScript(request('Long Form Jokes', 'English', 15, 30));
    expect(script.narrationScript.join(' ')).toContain('Who do you think was bidding against you?');
  });
});

describe('When a custom prompt is given', () => {
  it('should write about a short prompt as its subject, in the chosen language', () => {
    const script = writeOfflineScript(request('Custom Topic', 'French', 30, 45, 's', 'les volcans'));
    expect(script.narrationScript.join(' ')).toContain('les volcans');
    expect(script.title.toLowerCase()).toContain('volcans');
  });

  it('should narrate a prompt of several sentences as written', () => {
    const prompt = 'Linking your accounts takes a minute. Open Settings and choose YouTube. Approve the access, and you are done.';
    const script = writeOfflineScript(request('Custom Topic', 'English', 15, 30, 's', prompt));
    expect(script.narrationScript.join(' ')).toBe(prompt);
    expect(script.title).toBe('Linking your accounts takes a minute');
  });

  it('should write about a long one-sentence prompt by its headline, with no ellipsis inside a sentence', () => {
    // Given a prompt of one sentence longer than a subject, with a headline before its colon
    const prompt = 'The strange life of octopuses: three hearts, blue blood and arms that think for themselves';
    for (const [language, headline] of [['English', 'the strange life of octopuses'], ['Spanish', 'The strange life of octopuses']] as const) {
      // When it is written about
      const text = writeOfflineScript(request('Custom Topic', language, 30, 45, 's', prompt)).narrationScript.join(' ');
      // Then the sentences speak of the headline, whole, and never break off with an ellipsis
      expect(text).toContain(headline);
      expect(text).not.toContain('three hearts');
      expect(text).not.toContain('…');
    }
  });

  it('should write about a short prompt with a subtitle by its headline', () => {
    // Given a short prompt of one sentence: a headline, a colon, a subtitle
    const prompt = 'Why cats always land on their feet: the physics of the righting reflex';
    // When it is written about
    const script = writeOfflineScript(request('Custom Topic', 'English', 15, 30, 's', prompt));
    const text = script.narrationScript.join(' ');
    // Then the sentences and the title speak of the headline; the subtitle never stands inside a sentence
    expect(text).toContain('why cats always land on their feet');
    expect(text).not.toContain('righting reflex');
    expect(script.title).not.toContain('Righting Reflex');
    // A one-word headline says too little: the prompt is kept whole
    expect(writeOfflineScript(request('Custom Topic', 'English', 15, 30, 's', 'Volcanoes: how they form')).narrationScript.join(' ').toLowerCase()).toContain('volcanoes: how they form');
  });

  it('should cut a long prompt with no headline at a word that does not leave it hanging', () => {
    // Given a one-sentence prompt of 100 characters with no colon, dash or comma
    const prompt = 'how the tiny honeybees of the high mountain valleys find their way home through the cold and the wind';
    // When it is written about
    const text = writeOfflineScript(request('Custom Topic', 'English', 30, 45, 's', prompt)).narrationScript.join(' ');
    // Then its first words are the subject, ending on a word of substance, with no ellipsis
    expect(text).toContain('how the tiny honeybees of the high mountain valleys find their way home');
    expect(text).not.toMatch(/ (the|and|through) [.,?!]/);
    expect(text).not.toContain('…');
  });

  it('should split sentences with Spanish and French punctuation', () => {
    expect(splitSentences('¿Qué pasa? ¡Nada! Bien.')).toEqual(['¿Qué pasa?', '¡Nada!', 'Bien.']);
  });
});

describe('When a short prompt is typed as the start of a sentence', () => {
  it('should write it lower-case inside sentences and title-cased in an English title', () => {
    for (const seed of ['a', 'b', 'c', 'd', 'e', 'f']) {
      const script = writeOfflineScript(request('Custom Topic', 'English', 30, 45, seed, 'Why owls hoot at night'));
      const text = script.narrationScript.join(' ');
      expect(text).toContain('why owls hoot at night');
      expect(text).not.toMatch(/[a-z,] Why owls/);
      expect(script.title).toMatch(/Why Owls Hoot at Night/);
    }
  });

  it('should keep sentence case in Spanish and French titles, the subject lower-case inside them', () => {
    const titles = ['a', 'b', 'c', 'd', 'e', 'f'].map((seed) => writeOfflineScript(request('Custom Topic', 'Spanish', 30, 45, seed, 'La historia del chocolate')).title);
    expect(titles.some((t) => /sobre la historia del chocolate/.test(t))).toBe(true);
    expect(titles.every((t) => !/[a-z] La historia/.test(t))).toBe(true);
  });
});

describe('When a short prompt is a question in indirect form', () => {
  const cases: Array<[Language, string, RegExp, RegExp]> = [
    ['English', 'Why owls hoot at night', /why owls hoot at night/, /^(Why Owls Hoot at Night\?|Why Owls Hoot at Night: The Answer Might Surprise You|Ever Wondered Why Owls Hoot at Night\?)$/],
    ['Spanish', '¿Por qué los búhos ululan de noche?', /por qué los búhos ululan de noche/, /(^¿Por qué los búhos ululan de noche\?$)|(^Por qué los búhos ululan de noche: la respuesta te sorprenderá$)|(^¿Alguna vez te preguntaste por qué los búhos ululan de noche\?$)/],
    ['French', 'Pourquoi le ciel est bleu', /pourquoi le ciel est bleu/, /(^Pourquoi le ciel est bleu \?$)|(^Pourquoi le ciel est bleu : la réponse va vous surprendre$)|(^Vous êtes-vous déjà demandé pourquoi le ciel est bleu \?$)/],
  ];
  it.each(cases)('should write about it as a question in %s, with no noun-shaped beat around it', (language, prompt, inSentence, title) => {
    for (const seed of ['a', 'b', 'c', 'd']) {
      const script = writeOfflineScript(request('Custom Topic', language, 30, 45, seed, prompt));
      const text = script.narrationScript.join(' ');
      expect(text).toMatch(inSentence);
      expect(script.title).toMatch(title);
      expect(text).not.toMatch(/future of|avenir de|futuro de|touches more lives|¿¿/);
      expect(script.scenes.join(' ')).toContain(inSentence.source);
    }
  });

  it('should keep the noun-shaped beats for a subject that is not a question', () => {
    const script = writeOfflineScript(request('Custom Topic', 'English', 30, 45, 's', 'The history of chocolate'));
    expect(script.narrationScript.join(' ')).not.toMatch(/Have you ever wondered|worth \S+ (\S+ )?of your time/);
  });
});

/** Scripts of every topic, language and duration range, 12 seeds each; `prompt` gives the custom topic's prompt by seed. */
function eachScript(seedPrefix: string, prompt: (seed: number) => string, check: (script: ReturnType<typeof writeOfflineScript>, max: number) => void): void {
  for (const { label: topic } of TOPICS) {
    for (const { id: language } of LANGUAGES) {
      for (const range of DURATIONS) {
        for (let seed = 0; seed < 12; seed++) {
          check(writeOfflineScript(request(topic, language, range.min, range.max, `${seedPrefix}-${seed}`, topic === 'Custom Topic' ? prompt(seed) : null)), range.max);
        }
      }
    }
  }
}

describe("Given a video's length, when the offline writer's narration names a length", () => {
  const asSpoken = /\b(worth|Give me|merece|Dame|mérite|Donnez-moi) ((a|un|une) (minute|minuto)|\d+ (seconds|segundos|secondes))\b/;
  it('then it is that length as spoken, in every topic and language', () => {
    const said: string[] = [];
    eachScript('said', (seed) => (seed % 2 ? 'why owls hoot at night' : 'the history of coffee'), (script, max) => {
      const text = script.narrationScript.join(' ');
      expect(text).not.toMatch(/\{l\}/);
      const found = text.match(asSpoken);
      if (!found) return;
      said.push(found[0]);
      // A 30 s video was told "worth a minute of your time".
      expect(`${max} s: ${found[0]}`).toMatch(max === 60 ? /(a|un|une) (minute|minuto)$/ : new RegExp(`${max} (seconds|segundos|secondes)$`));
    });
    // Both templates that say a length were drawn, at a length other than a minute.
    expect(said).toEqual(expect.arrayContaining([expect.stringMatching(/^worth 30 seconds$/), expect.stringMatching(/^Give me (30|90) seconds$/)]));
  });
});

describe("Given a video's length, when the offline writer titles it", () => {
  const promises = /\b(minute|minuto|seconds|segundos|secondes)\b/i;
  it('then a title that names a length names that one, in every topic and language', () => {
    const named: string[] = [];
    eachScript('title', () => 'the history of coffee', ({ title }, max) => {
      if (!promises.test(title)) return;
      named.push(title);
      const expected = max === 60 ? /\b(One Minute|un minuto|une minute)\b/i : new RegExp(`\\b${max} (Seconds|segundos|secondes)\\b`);
      expect(`${max} s: ${title}`).toMatch(expected);
      expect(title).not.toMatch(/\{[Tt]\}/);
    });
    // The templates that name a length were drawn (the check above ran on them).
    expect(named.some((t) => /30 Seconds/.test(t))).toBe(true);
    expect(named.some((t) => /\b90 segundos\b/.test(t))).toBe(true);
  });

  it('then the words fit where they stand: a capital to open a title, title case inside an English one', () => {
    expect(lengthWords(30, 'en', true)).toBe('30 Seconds');
    expect(lengthWords(60, 'en', false)).toBe('One Minute');
    expect(lengthWords(60, 'es', true)).toBe('Un minuto');
    expect(lengthWords(60, 'fr', false)).toBe('une minute');
    expect(lengthWords(90, 'fr', false)).toBe('90 secondes');
  });
});
