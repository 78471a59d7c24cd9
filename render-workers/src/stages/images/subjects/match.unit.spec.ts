import { TOPICS } from '@app/domain';
import { SUBJECT_INDEX } from './subject-index.generated';
import { buildCatalogueData, subjectCatalogue } from './catalogue';
import { planSubjects } from './match';
import { NARRATION_LINES } from './narration-lines.fixture';
import { tokenize, type SubjectLanguage } from './text';
import { topicSubjects, TOPIC_SUBJECTS } from './topics';

const catalogue = subjectCatalogue();

/** Whether one of the subject's keywords (its label's or a tag's words), stemmed, is a word of the line, stemmed. */
function keywordInLine(id: string, line: string, language: SubjectLanguage): string | null {
  const stems = new Set(catalogue.byId.get(id)!.names[language].phrases.flat());
  return tokenize(line, language).find((t) => stems.has(t.stem))?.word ?? null;
}

describe('When the narration lines of every topic are matched to pictures', () => {
  it('should cover the 12 topics with five lines each', () => {
    expect(new Set(NARRATION_LINES.map((l) => l.topic))).toEqual(new Set(TOPICS.map((t) => t.label)));
    expect(NARRATION_LINES).toHaveLength(60);
  });

  for (const language of ['en', 'es', 'fr'] as const) {
    it(`should show in ${language} a subject named by the line in at least 80 % of lines, and a subject of the topic in the rest`, () => {
      const rows = NARRATION_LINES.map(({ topic, [language]: line }) => {
        const { subjects } = planSubjects({ line, language, topic });
        const main = subjects[0];
        const keyword = keywordInLine(main.id, line, language);
        const fallback = main.source === 'topic' && topicSubjects(topic).includes(main.id);
        return { topic, line, main, supporting: subjects.slice(1), keyword, fallback };
      });
      const named = rows.filter((r) => r.keyword !== null).length;
      const table = rows.map((r) => `${r.keyword ? `keyword "${r.keyword}"`.padEnd(26) : r.fallback ? 'topic fallback'.padEnd(26) : 'NEITHER'.padEnd(26)}`
        + ` ${r.main.emoji} ${r.main.id.padEnd(24)} ${r.supporting.map((s) => `${s.emoji} ${s.id}`).join(', ').padEnd(44)} ${r.topic.padEnd(20)} ${r.line}`);
      process.stdout.write(`\nSubjects of the ${language} lines: ${named}/${rows.length} named by the line (${Math.round((100 * named) / rows.length)} %), ${rows.filter((r) => r.fallback).length} from the topic\n${table.join('\n')}\n`);
      expect(named / rows.length).toBeGreaterThanOrEqual(0.8);
      expect(rows.filter((r) => r.keyword === null && !r.fallback).map((r) => r.line)).toEqual([]);
    });
  }

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
  it('should be the one the installed packages make (run `npm run subjects:index -w render-workers` after an upgrade)', () => {
    expect(JSON.parse(SUBJECT_INDEX)).toEqual(buildCatalogueData());
  });

  it('should leave out hands, flags and symbols', () => {
    const subgroups = new Set(catalogue.entries.map((e) => e.subgroup));
    const groups = new Set(catalogue.entries.map((e) => e.group));
    expect([...subgroups].filter((s) => s.startsWith('hand'))).toEqual([]);
    expect(groups.has('flags') || groups.has('symbols')).toBe(false);
    expect(catalogue.entries.length).toBeGreaterThan(1000);
  });
});
