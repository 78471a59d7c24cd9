import { hashString } from '../../../shared/random';
import { GENERIC_PERSON, isPerson, subjectCatalogue, type SubjectCatalogue, type SubjectEntry, type SubjectPlacement } from './catalogue';
import { tokenize, verbLike, type SubjectLanguage, type Token } from './text';
import { topicSubjects } from './topics';

/** What a scene's picture shows, worked out from its narration line (and its description). */
export interface SceneText {
  /** The narration line, in the video's language. */
  line: string;
  /** The scene's picture description (the offline writer's are English), if any. */
  prompt?: string;
  language: SubjectLanguage;
  /** The video's topic: the fallback when the words name nothing drawable. */
  topic?: string;
  /** A subject the creator picked for this scene: it becomes the main one. */
  chosen?: string | null;
}

export type SubjectRole = 'main' | 'supporting';
export type SubjectSource = 'line' | 'prompt' | 'topic' | 'chosen';

export interface PickedSubject {
  id: string;
  emoji: string;
  /** Its name in the scene's language. */
  label: string;
  role: SubjectRole;
  placement: SubjectPlacement;
  source: SubjectSource;
  /** The words of the line (or description) it was matched by. */
  words: string[];
}

export interface SubjectPlan {
  /** The main subject first, then up to two supporting ones. */
  subjects: PickedSubject[];
  /** Other subjects the words (or the topic) suggest, for the creator to pick instead. */
  options: Array<Pick<PickedSubject, 'id' | 'emoji' | 'label'>>;
}

interface Candidate {
  entry: number;
  score: number;
  /** The text's content words it matched (`Token.at`): a hyphenated word and its parts are one. */
  positions: Set<number>;
  /** Those words, as written. */
  words: string[];
  /** The first of them. */
  first: number;
  /** All of them say where, not what (`Token.setting`). */
  setting: boolean;
  source: 'line' | 'prompt';
}

const MAX_SUBJECTS = 3;
const MAX_OPTIONS = 8;
/** Below this a match is too loose to draw (a tag several pictures share, a verb, a modifier). */
const MIN_MAIN = 1.6;
/** A supporting subject needs a word of its own: a name, its main noun, or a tag no other picture has. */
const MIN_SUPPORTING = 2.8;
/** A label's main noun or better: the line names the picture outright. */
const STRONG = 3.5;
/** What each content word further into the line costs a match, in score. */
const FIRST_NAMED = 0.12;
/** What a match costs when it only names where the line is set. */
const SETTING = 0.6;

/** Up to three subjects for a scene, and the others it could show. Deterministic for its input. */
export function planSubjects(scene: SceneText, catalogue: SubjectCatalogue = subjectCatalogue()): SubjectPlan {
  const lineTokens = tokenize(scene.line, scene.language);
  const fromLine = scoreTokens(lineTokens, scene.language, catalogue, 'line');
  // The description is usually English (the offline writer's); a creator's may be in the video's language.
  const prompt = (scene.prompt ?? '').replace(/^an illustration of:\s*/i, '');
  const fromPrompt = prompt && prompt.trim() !== scene.line.trim()
    ? mergeBest([...new Set<SubjectLanguage>(['en', scene.language])].map((l) => scoreTokens(tokenize(prompt, l), l, catalogue, 'prompt')))
    : [];
  // A subject both the line and the description name is the surest.
  const promptScore = new Map(fromPrompt.map((c) => [c.entry, c.score]));
  for (const c of fromLine) c.score += 0.5 * (promptScore.get(c.entry) ?? 0);
  const lineEntries = new Set(fromLine.map((c) => c.entry));
  // The line comes first when it names a picture outright (a label); a line's looser match (a shared
  // tag: "dinner" for a fish) competes with the description's names.
  // Among matches alike, the one named first: a line's first noun is mostly what it is about
  // ("a penguin walks into a bar and orders a glass of milk").
  // A place the line is set in comes after what is there ("in the desert of Nevada … a flying saucer").
  const rank = (c: Candidate) => (c.source === 'line' && c.score >= STRONG ? 100 : 0) + c.score - FIRST_NAMED * c.first - (c.setting ? SETTING : 0);
  const ranked = sortCandidates([...fromLine, ...fromPrompt.filter((c) => !lineEntries.has(c.entry)).map((c) => ({ ...c, score: c.score * 0.8 }))], rank);

  const picked: Array<{ entry: SubjectEntry; source: SubjectSource; words: string[] }> = [];
  const used = { line: new Set<number>(), prompt: new Set<number>() };
  const chosen = scene.chosen ? catalogue.byId.get(scene.chosen) : undefined;
  if (chosen) picked.push({ entry: chosen, source: 'chosen', words: [] });
  for (const c of ranked) {
    if (picked.length >= MAX_SUBJECTS) break;
    const entry = catalogue.entries[c.entry];
    if (picked.some((p) => p.entry.id === entry.id)) continue;
    const main = picked.length === 0;
    if (c.score < (main ? MIN_MAIN : MIN_SUPPORTING)) continue;
    // Each subject needs a word of its own: "hot air balloon" leaves no word for "balloon".
    if (![...c.positions].some((p) => !used[c.source].has(p))) continue;
    if (!main && c.source === 'prompt' && picked.some((p) => p.source === 'line') && c.score < MIN_SUPPORTING * 1.5) continue;
    for (const p of c.positions) used[c.source].add(p);
    picked.push({ entry, source: c.source, words: c.source === 'line' ? c.words : [] });
  }
  const topic = topicSubjects(scene.topic).map((id) => catalogue.byId.get(id)).filter((e): e is SubjectEntry => !!e);
  if (picked.length === 0 && topic.length > 0) {
    picked.push({ entry: topic[hashString(`${scene.line}|${scene.prompt ?? ''}`) % topic.length], source: 'topic', words: [] });
  }
  const subjects = picked.map((p, i): PickedSubject => ({
    id: p.entry.id, emoji: p.entry.emoji, label: p.entry.names[scene.language].label, role: i === 0 ? 'main' : 'supporting',
    placement: p.entry.placement, source: p.source, words: p.words,
  }));
  const shown = new Set(subjects.map((s) => s.id));
  const options: SubjectPlan['options'] = [];
  for (const entry of [...ranked.filter((c) => c.score >= MIN_MAIN).map((c) => catalogue.entries[c.entry]), ...topic]) {
    if (options.length >= MAX_OPTIONS) break;
    if (shown.has(entry.id)) continue;
    shown.add(entry.id);
    options.push({ id: entry.id, emoji: entry.emoji, label: entry.names[scene.language].label });
  }
  return { subjects, options };
}

/**
 * Each subject's best match among the words. A name (the label, or a synonym of it) counts most:
 * whole and in order ("hot air balloon" over "balloon"), then by its main noun; a tag counts
 * less, and the more pictures share it the less (a shared tag does not say which picture); a tag
 * that only repeats a modifier of the name ("red" of "red envelope") counts as that modifier.
 * A word counts fully when it is the phrase's own word (give or take a plural; accents count) read
 * as a noun; a word that only shares the stem ("marchés" and "marche", "ocultó" and "oculto"), a
 * verb matched to a thing ("y sal": go out, not salt), a modifier alone ("un lugar bonito"), or a
 * usually-weak word, counts a fraction. A person is matched only by their name whole (a role is
 * not any "worker", "mère Noël" not any "mère"), and a subject that makes a poor picture (a face,
 * a heart, a symbol) counts less.
 */
function scoreTokens(words: Token[], language: SubjectLanguage, catalogue: SubjectCatalogue, source: 'line' | 'prompt'): Candidate[] {
  const index = catalogue.languages[language];
  const tokens = language === 'en' ? nounModifiers(words, catalogue) : words;
  const hits = new Map<string, Set<number>>();
  tokens.forEach((token, position) => {
    for (const { entry, phrase } of index.byStem.get(token.stem) ?? []) {
      const key = `${entry}:${phrase}`;
      const set = hits.get(key) ?? new Set<number>();
      set.add(position);
      hits.set(key, set);
    }
  });
  const idfOf = (stem: string) => index.idf.get(stem) ?? 0.5;
  const phraseScores = new Map<number, Array<{ score: number; positions: Set<number>; isName: boolean }>>();
  for (const [key, positions] of hits) {
    const [entryNo, phraseNo] = key.split(':').map(Number);
    const entry = catalogue.entries[entryNo];
    const names = entry.names[language];
    const stems = names.phrases[phraseNo];
    const phraseWords = names.words[phraseNo];
    const k = stems.length;
    if (k === 0) continue;
    const person = isPerson(entry);
    // How well each of the phrase's words is matched by its best token: 1 for the same word, read as a noun; 0 unmatched.
    // A modifier counts fully within a name of several words that it is matched in order with ("polar bear").
    const inOrderMany = k > 1 && appearsInOrder(tokens, stems);
    const isName = phraseNo < names.nameCount;
    // A word right after a thing's name is as often its verb, the thing's activity ("bees dance": bees
    // dancing, not a dancer): it names a person only as that person's own noun ("coffee farmer").
    const othersActivity = (token: Token, phraseWord: string) => token.afterThing === true && person && !(isName && !verbLike(phraseWord, language));
    const quality = stems.map((stem, j) => Math.max(0, ...[...positions].filter((p) => tokens[p].stem === stem).map((p) => wordQuality(tokens[p], phraseWords[j], language, person, inOrderMany) * (othersActivity(tokens[p], phraseWords[j]) ? 0.3 : 1))));
    const matched = stems.map((_, j) => j).filter((j) => quality[j] > 0);
    if (matched.length === 0) continue;
    // The words that make a name: an activity's without the generic word ("swimming" of "person swimming").
    const specific = person && isName && phraseWords.some((w) => verbLike(w, language))
      ? stems.map((_, j) => j).filter((j) => !GENERIC_PERSON[language].has(phraseWords[j])) : [];
    const required = specific.length > 0 ? specific : stems.map((_, j) => j);
    const full = required.every((j) => quality[j] > 0);
    const inOrder = full && appearsInOrder(tokens, required.map((j) => stems[j]));
    const worst = (js: number[]) => Math.min(...js.map((j) => quality[j]));
    const best = Math.max(...matched.map((j) => quality[j]));
    const idf = average(matched.map((j) => idfOf(stems[j])));
    let score: number;
    if (isName) {
      const head = stems.indexOf(labelHead(stems, language));
      score = full ? (inOrder ? 6 + 0.3 * (required.length - 1) : 4.5) * worst(required)
        : !person && quality[head] > 0 ? 3.2 * idfOf(stems[head]) * quality[head]
          : 1.2 * idf * best;
    } else if (k === 1 && names.phrases[0].length > 1 && names.phrases[0].includes(stems[0]) && stems[0] !== labelHead(names.phrases[0], language)) {
      // A tag that only repeats a modifier of the name ("long" of "long drum", "red" of "red envelope") is that modifier.
      score = 1.2 * idf * best;
    } else {
      const shared = idf * idf;
      score = full ? (inOrder ? 3.2 * shared + (k - 1) : 2 * shared) * worst(required) : 0.6 * shared * best;
    }
    score *= entry.prior;
    phraseScores.set(entryNo, [...(phraseScores.get(entryNo) ?? []), { score, isName, positions: new Set([...positions].filter((p) => quality[stems.indexOf(tokens[p].stem)] > 0)) }]);
  }
  // A subject's score is its best phrase's; its words are those of every phrase nearly as good.
  const wordAt = new Map(tokens.filter((t) => !t.part).map((t) => [t.at, t.word]));
  const out: Candidate[] = [];
  for (const [entryNo, list] of phraseScores) {
    const best = list.reduce((a, b) => (b.score > a.score ? b : a));
    const top = best.score;
    const positions = new Set(list.filter((x) => x.score >= top * 0.5).flatMap((x) => [...x.positions]));
    // A subject named by several words of the line (beyond its best phrase's) is likelier what the line is about.
    const ats = new Set([...positions].map((p) => tokens[p].at));
    const own = new Set([...best.positions].map((p) => tokens[p].at));
    const words = [...new Set([...positions].sort((a, b) => a - b).map((p) => wordAt.get(tokens[p].at) ?? tokens[p].word))];
    out.push({ entry: entryNo, score: top + 0.25 * (ats.size - own.size), positions: ats, words, first: Math.min(...ats), setting: [...positions].every((p) => tokens[p].setting || (tokens[p].name && !best.isName)), source });
  }
  return out;
}

/**
 * English puts a noun's modifiers before it, nouns too ("sea otters", "coffee beans"): a word right
 * before one that is a thing's whole name reads as its modifier. (Only then: a noun followed by a
 * word is as often a subject and its verb, "a penguin walks"; such a word is marked `afterThing`,
 * so that an activity it names is not drawn as a person doing it.)
 */
function nounModifiers(tokens: Token[], catalogue: SubjectCatalogue): Token[] {
  const index = catalogue.languages.en;
  // A thing named by the word alone: by one of its names or, with `tags`, also by a tag of one word ("bee" of a honeybee).
  const namesAThing = (t: Token, tags = false) => !t.part && (index.byStem.get(t.stem) ?? []).some(({ entry, phrase }) => {
    const e = catalogue.entries[entry];
    const names = e.names.en;
    return (tags || phrase < names.nameCount) && names.phrases[phrase].length === 1 && !isPerson(e) && sameWord(t.word, names.words[phrase][0], 'en');
  });
  return tokens.map((t, i) => {
    const next = tokens.slice(i + 1).find((n) => n.at === t.at + 1 && !n.part);
    const previous = tokens.slice(0, i).reverse().find((n) => n.at === t.at - 1 && !n.part);
    const modifier = t.beforeWord && !t.modifier && next !== undefined && namesAThing(next);
    // "bees dance", "a penguin walks": a word right after a thing's name is as often its verb, the thing's activity.
    const afterThing = !t.part && previous !== undefined && previous.beforeWord && namesAThing(previous, true);
    return modifier || afterThing ? { ...t, modifier: modifier || t.modifier, afterThing } : t;
  });
}

/** A name's main noun: last in English ("sea turtle"), first in Spanish and French ("tortuga marina"). */
const labelHead = (stems: string[], language: SubjectLanguage) => (language === 'en' ? stems[stems.length - 1] : stems[0]);

/** How well a word of the line matches a phrase's word it shares a stem with, 0..1. */
function wordQuality(token: Token, phraseWord: string, language: SubjectLanguage, person: boolean, inName: boolean): number {
  let q = sameWord(token.word, phraseWord, language) ? 1 : 0.25;
  // Within a name of several words matched in order, a usually-weak word or a modifier is that name's ("flying saucer", "chat noir").
  if (token.weak && !inName) q *= 0.4;
  if (token.modifier && !inName) q *= 0.4;
  // A verb names an activity's picture, someone doing it ("swim": a swimmer), not a thing's ("see": eyes).
  if (token.verb && !(person && verbLike(phraseWord, language))) q *= 0.3;
  if (token.part) q *= 0.6;
  return q;
}

/** Whether a word of the line is a phrase's word, give or take a plural ending (accents count: "marché" is not "marche"). */
function sameWord(word: string, phraseWord: string, language: SubjectLanguage): boolean {
  if (word === phraseWord) return true;
  const forms = singulars(word, language);
  // An activity's picture is named by its -ing form ("person swimming"): the verb's base form is the same word (not the other way: "watching" is not a watch).
  const phraseForms = [...singulars(phraseWord, language), ...ingBases(phraseWord)];
  return forms.some((f) => phraseForms.includes(f));
}

const ACCENTED: Record<string, string> = { a: 'á', e: 'é', i: 'í', o: 'ó', u: 'ú' };

/** A word and what its singular may be: English and French -s, -x, -ies; Spanish -es, which also drops an accent or turns z into c ("calcetines": calcetín, "luces": luz). */
function singulars(word: string, language: SubjectLanguage): string[] {
  const forms = [word];
  if (word.endsWith('ies')) forms.push(`${word.slice(0, -3)}y`);
  if (word.endsWith('es')) {
    const base = word.slice(0, -2);
    forms.push(base);
    if (language === 'es') {
      const vowel = /[aeiou](?=[^aeiou]*$)/.exec(base);
      if (vowel) forms.push(`${base.slice(0, vowel.index)}${ACCENTED[vowel[0]]}${base.slice(vowel.index + 1)}`);
      if (base.endsWith('c')) forms.push(`${base.slice(0, -1)}z`);
    }
  }
  if (word.endsWith('s') || word.endsWith('x')) forms.push(word.slice(0, -1));
  return forms;
}

function ingBases(word: string): string[] {
  if (!word.endsWith('ing') || word.length <= 5) return [];
  const base = word.slice(0, -3);
  return [base, base.at(-1) === base.at(-2) ? base.slice(0, -1) : `${base}e`];
}

function appearsInOrder(tokens: Token[], phrase: string[]): boolean {
  for (let start = 0; start + phrase.length <= tokens.length; start++) {
    if (phrase.every((stem, i) => tokens[start + i].stem === stem)) return true;
  }
  return false;
}

function mergeBest(lists: Candidate[][]): Candidate[] {
  const best = new Map<number, Candidate>();
  for (const c of lists.flat()) {
    const current = best.get(c.entry);
    if (!current || c.score > current.score) best.set(c.entry, c);
  }
  return [...best.values()];
}

/** Best first; ties go to the earlier word, then to the catalogue's order: the same input, the same answer. */
function sortCandidates(list: Candidate[], rank: (c: Candidate) => number): Candidate[] {
  return [...list].sort((a, b) => rank(b) - rank(a) || a.entry - b.entry);
}

const average = (xs: number[]) => (xs.length ? xs.reduce((a, b) => a + b, 0) / xs.length : 0);
