import { TOPICS } from '@app/domain';
import { SUBJECT_INDEX } from './subject-index.generated';
import { buildCatalogueData, catalogueSources, HAND_WORDED_IDS, subjectCatalogue, type CatalogueData } from './catalogue';
import { planSubjects } from './match';
import { NARRATION_LINES, TOPIC, type FixtureLine } from './narration-lines.fixture';
import { HELD_OUT_LINES } from './narration-lines.held-out.fixture';
import type { SubjectLanguage } from './text';
import { topicSubjects, TOPIC_SUBJECTS } from './topics';

const catalogue = subjectCatalogue();

/**
 * Each line's main subject against the pictures the fixture accepts for it (by meaning), and the
 * table of them: line, chosen, acceptable, ok. A topic picture passes where the line accepts `topic`.
 */
function judge(lines: FixtureLine[], language: SubjectLanguage, title: string) {
  const rows = lines.map(({ topic, accept, [language]: line }) => {
    const main = planSubjects({ line, language, topic }).subjects[0];
    const ok = accept.includes(main.id) || (accept.includes(TOPIC) && topicSubjects(topic).includes(main.id));
    return { line, main, accept, ok };
  });
  const passed = rows.filter((r) => r.ok).length;
  const table = rows.map((r) => `${r.ok ? 'ok  ' : 'MISS'} ${`${r.main.emoji} ${r.main.id}${r.main.source === 'topic' ? ' (topic)' : ''}`.padEnd(34)} ${r.accept.join(' ').padEnd(60)} ${r.line}`);
  console.log(`\n${title} (${language}): ${passed}/${rows.length} acceptable by meaning (${Math.round((100 * passed) / rows.length)} %)\n`
    + `ok?  ${'chosen'.padEnd(34)} ${'acceptable'.padEnd(60)} line\n${table.join('\n')}\n`);
  return { share: passed / rows.length, rows };
}

describe('When the narration lines of every topic are matched to pictures', () => {
  it('should cover the 12 topics with five lines each, each with the pictures a viewer would accept', () => {
    expect(new Set(NARRATION_LINES.map((l) => l.topic))).toEqual(new Set(TOPICS.map((t) => t.label)));
    expect(NARRATION_LINES).toHaveLength(60);
    for (const { accept } of NARRATION_LINES) for (const id of accept) expect({ id, known: id === TOPIC || catalogue.byId.has(id) }).toEqual({ id, known: true });
  });

  for (const language of ['en', 'es', 'fr'] as const) {
    it(`should show in ${language} a main subject a viewer would accept for the line in at least 80 % of lines`, () => {
      const { share, rows } = judge(NARRATION_LINES, language, 'Main subjects of the fixture lines');
      expect({ share: Math.round(share * 100), missed: rows.filter((r) => !r.ok).map((r) => `${r.line} → ${r.main.id}`) }).toEqual({ share: expect.any(Number), missed: expect.any(Array) });
      expect(share).toBeGreaterThanOrEqual(0.8);
    });
  }

  it('should score the held-out lines too, in each language (printed: how well the rules carry to lines they were not tuned on)', () => {
    expect(HELD_OUT_LINES).toHaveLength(20);
    for (const { accept } of HELD_OUT_LINES) for (const id of accept) expect({ id, known: id === TOPIC || catalogue.byId.has(id) }).toEqual({ id, known: true });
    for (const language of ['en', 'es', 'fr'] as const) expect(judge(HELD_OUT_LINES, language, 'Main subjects of the held-out lines').rows).toHaveLength(20);
  });

  it('should give a main subject and a supporting one for "the shrimp eats algae", in each language', () => {
    expect(planSubjects({ line: 'The shrimp eats algae all day long.', language: 'en' }).subjects.map((s) => [s.id, s.role])).toEqual([['shrimp', 'main'], ['herb', 'supporting']]);
    expect(planSubjects({ line: 'La gamba come algas todo el día.', language: 'es' }).subjects.map((s) => s.id)).toEqual(['shrimp', 'herb']);
    expect(planSubjects({ line: 'La crevette mange des algues toute la journée.', language: 'fr' }).subjects.map((s) => s.id)).toEqual(['shrimp', 'herb']);
  });

  it('should prefer the longer name ("polar bear" over "bear") and give each subject a word of its own', () => {
    const { subjects } = planSubjects({ line: 'At dawn a polar bear walks across the ice.', language: 'en' });
    expect(subjects[0].id).toBe('polar-bear');
    expect(subjects.map((s) => s.id)).not.toContain('bear');
  });

  it('should read Spanish and French words, plurals and genders included', () => {
    expect(planSubjects({ line: 'Los pulpos tienen tres corazones.', language: 'es' }).subjects[0].id).toBe('octopus');
    expect(planSubjects({ line: 'Les fraises ne sont pas des baies.', language: 'fr' }).subjects[0].id).toBe('strawberry');
  });

  it('should not take a verb for the noun that shares its stem ("portaient" is not a door)', () => {
    expect(planSubjects({ line: 'Ils portaient des armures.', language: 'fr', topic: 'Interesting History' }).subjects.map((s) => s.id)).not.toContain('door');
  });

  it('should read a word by its neighbours: a verb is not the thing that shares its name, an accent makes another word, a hyphenated word is one, a modifier or a place is not the subject', () => {
    const main = (line: string, language: SubjectLanguage) => planSubjects({ line, language, topic: 'Fun Facts' }).subjects[0].id;
    expect(main('Y luego sal a correr por el parque.', 'es')).not.toBe('salt');
    expect(main('Añade una pizca de sal al agua.', 'es')).toBe('salt');
    expect(main('El ladrón ocultó el dinero en una caja.', 'es')).not.toBe('ninja');
    expect(main('Thanks for watching!', 'en')).not.toBe('watch');
    expect(main('Elle a appelé sa grand-mère.', 'fr')).toBe('old-woman');
    // English modifiers come first, nouns too: sea otters are otters.
    expect(main('Sea otters hold hands while they sleep.', 'en')).toBe('otter');
    expect(main('In the desert of Nevada, a flying saucer appears every summer.', 'en')).toBe('flying-saucer');
  });

  it('should read a plural after "how" as the thing asked about, not an adjective ("how bees dance", but "how big")', () => {
    expect(planSubjects({ line: 'How bees dance', language: 'en' }).subjects[0].id).toBe('honeybee');
    expect(planSubjects({ line: 'Have you ever wondered how owls see at night?', language: 'en' }).subjects[0].id).toBe('owl');
  });

  it('should draw an activity right after a thing as that thing\'s, not as a person doing it ("bees dance", "a penguin walks")', () => {
    expect(planSubjects({ line: 'The bees dance in the hive.', language: 'en' }).subjects[0].id).toBe('honeybee');
    expect(planSubjects({ line: 'A penguin walks into a bar.', language: 'en' }).subjects[0].id).toBe('penguin');
    expect(planSubjects({ line: 'She loves to dance.', language: 'en' }).subjects[0].id).toMatch(/dancing/);
    // A person's own noun after a thing stays that person.
    expect(planSubjects({ line: 'The coffee farmer wakes up early.', language: 'en' }).subjects[0].id).toBe('farmer');
  });

  it('should show a person only when the line names that person ("workers" are not health workers)', () => {
    expect(planSubjects({ line: 'The workers went home early.', language: 'en', topic: 'Fun Facts' }).subjects[0].id).not.toBe('health-worker');
    expect(planSubjects({ line: 'The farmer says his cow can count.', language: 'en' }).subjects.map((s) => s.id)).toContain('farmer');
  });

  it('should fall back on a subject of the topic, never a random creature, when the words name nothing', () => {
    const scary = planSubjects({ line: 'She heard footsteps in the attic, but she lived alone.', language: 'en', topic: 'Scary Stories' });
    expect(scary.subjects.map((s) => [s.source, TOPIC_SUBJECTS['Scary Stories'].includes(s.id)])).toEqual([['topic', true]]);
    const history = planSubjects({ line: 'For centuries, the empire kept its greatest secret.', language: 'en', topic: 'Interesting History' });
    expect(TOPIC_SUBJECTS['Interesting History']).toContain(history.subjects[0].id);
  });

  it('should put the subject the creator chose first, and offer the other matches to choose from', () => {
    const auto = planSubjects({ line: 'Bananas are berries, but strawberries are not.', language: 'en', topic: 'Fun Facts' });
    expect(auto.subjects[0].id).toBe('banana');
    const chosen = planSubjects({ line: 'Bananas are berries, but strawberries are not.', language: 'en', topic: 'Fun Facts', chosen: 'strawberry' });
    expect(chosen.subjects[0]).toMatchObject({ id: 'strawberry', role: 'main', source: 'chosen' });
    expect(chosen.subjects.map((s) => s.id)).not.toContain(undefined);
    expect(new Set(chosen.subjects.map((s) => s.id)).size).toBe(chosen.subjects.length);
    expect(auto.options.length).toBeGreaterThan(0);
    expect(auto.options.map((o) => o.id)).not.toContain('banana');
  });

  it('should answer the same for the same line', () => {
    const line = NARRATION_LINES[12].fr;
    expect(planSubjects({ line, language: 'fr', topic: 'Scary Stories' })).toEqual(planSubjects({ line, language: 'fr', topic: 'Scary Stories' }));
  });

  it('should know every fallback subject of every topic', () => {
    for (const ids of Object.values(TOPIC_SUBJECTS)) for (const id of ids) expect({ id, known: catalogue.byId.has(id) }).toEqual({ id, known: true });
  });
});

describe('When the stored subject index is loaded', () => {
  // Rebuilding the whole index stems every annotation in three languages (seconds): the check reads
  // the packages' versions and the index's format, rebuilds every entry but its stems (its words,
  // names, tags, group, placement), and stems a sample: every 25th subject and those given words by hand.
  const stored = JSON.parse(SUBJECT_INDEX) as CatalogueData;
  const fix = 'run `npm run subjects:index -w render-workers`';

  it(`should have been made from the installed packages, in this format (${fix} after an upgrade)`, () => {
    expect({ sources: JSON.parse(stored.sources) as unknown, fix }).toEqual({ sources: catalogueSources(), fix });
  });

  it(`should hold the entries the installed packages make, stems included for a sample (${fix} after a change)`, () => {
    const sample = new Set([...stored.entries.filter((_, n) => n % 25 === 0).map((e) => e.id), ...HAND_WORDED_IDS]);
    const rebuilt = buildCatalogueData((id) => sample.has(id)).entries;
    const expected = stored.entries.map((e) => (sample.has(e.id) ? e : { ...e, names: Object.fromEntries(Object.entries(e.names).map(([l, n]) => [l, { ...n, phrases: [] }])) }));
    expect({ ids: rebuilt.map((e) => e.id), fix }).toEqual({ ids: expected.map((e) => e.id), fix });
    const differing = rebuilt.filter((e, n) => JSON.stringify(e) !== JSON.stringify(expected[n]));
    expect({ differing: differing.slice(0, 3), fix }).toEqual({ differing: differing.slice(0, 3).map((e) => expected.find((x) => x.id === e.id)), fix });
    expect(rebuilt.filter((e) => e.names.en.phrases.length > 0).length).toBeGreaterThan(40);
  });

  it('should leave out hands, flags and symbols', () => {
    const subgroups = new Set(catalogue.entries.map((e) => e.subgroup));
    const groups = new Set(catalogue.entries.map((e) => e.group));
    expect([...subgroups].filter((s) => s.startsWith('hand'))).toEqual([]);
    expect(groups.has('flags') || groups.has('symbols')).toBe(false);
    expect(catalogue.entries.length).toBeGreaterThan(1000);
  });
});
