import { hashString } from '../../../shared/random';
import { subjectCatalogue, type SubjectCatalogue, type SubjectEntry, type SubjectPlacement } from './catalogue';
import { stripAccents, tokenize, type SubjectLanguage, type Token } from './text';
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
  /** Token positions it matched. */
  positions: Set<number>;
  source: 'line' | 'prompt';
}

const MAX_SUBJECTS = 3;
const MAX_OPTIONS = 8;
/** Below this a match is too loose to draw (a shared tag of low weight). */
const MIN_MAIN = 1.6;
const MIN_SUPPORTING = 2.5;
/** A label's main noun or better: the line names the picture outright. */
const STRONG = 3.5;

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
  const rank = (c: Candidate) => (c.source === 'line' && c.score >= STRONG ? 100 : 0) + c.score;
  const ranked = sortCandidates([...fromLine, ...fromPrompt.filter((c) => !lineEntries.has(c.entry)).map((c) => ({ ...c, score: c.score * 0.8 }))], rank);

  const picked: Array<{ entry: SubjectEntry; source: SubjectSource; words: string[] }> = [];
  const used = { line: new Set<number>(), prompt: new Set<number>() };
  const chosen = scene.chosen ? catalogue.byId.get(scene.chosen) : undefined;
  if (chosen) picked.push({ entry: chosen, source: 'chosen', words: [] });
  const tokensOf = (c: Candidate) => (c.source === 'line' ? lineTokens : []);
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
    picked.push({ entry, source: c.source, words: [...c.positions].sort((a, b) => a - b).map((p) => tokensOf(c)[p]?.word).filter((w): w is string => !!w) });
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
 * Each subject's best match among the words: a whole label in order counts most ("hot air
 * balloon" over "balloon"), then a label's main noun, then a tag; a tag many pictures share counts
 * little, and so does a subject that makes a poor picture (a face, a heart).
 */
function scoreTokens(tokens: Token[], language: SubjectLanguage, catalogue: SubjectCatalogue, source: 'line' | 'prompt'): Candidate[] {
  const index = catalogue.languages[language];
  const hits = new Map<string, Set<number>>();
  tokens.forEach((token, position) => {
    for (const { entry, phrase } of index.byStem.get(token.stem) ?? []) {
      const key = `${entry}:${phrase}`;
      const set = hits.get(key) ?? new Set<number>();
      set.add(position);
      hits.set(key, set);
    }
  });
  const phraseScores = new Map<number, Array<{ score: number; positions: Set<number> }>>();
  for (const [key, positions] of hits) {
    const [entryNo, phraseNo] = key.split(':').map(Number);
    const entry = catalogue.entries[entryNo];
    const phrase = entry.names[language].phrases[phraseNo];
    if (phrase.length === 0) continue;
    const matched = phrase.filter((stem) => [...positions].some((p) => tokens[p].stem === stem));
    // The same word (give or take a plural) counts fully; a word that only shares its stem ("portaient"
    // and "porte", "climbed" and "climbing") is more often another word, usually a verb.
    const words = entry.names[language].words[phraseNo];
    const exact = [...positions].some((p) => sameWord(tokens[p].word, words));
    const full = new Set(matched).size === new Set(phrase).size;
    const inOrder = full && appearsInOrder(tokens, phrase);
    const idf = average(matched.map((s) => index.idf.get(s) ?? 0.5));
    const k = phrase.length;
    let score: number;
    if (phraseNo === 0) {
      // The label. Its main noun comes last in English ("sea turtle"), first in Spanish and French ("tortuga marina").
      const head = language === 'en' ? phrase[k - 1] : phrase[0];
      score = inOrder ? 6 + 4 * (k - 1) : full ? 4 + 2 * (k - 1) : matched.includes(head) ? 4 * idf : 1.2 * idf;
    } else {
      score = inOrder ? 3 * idf + 1.5 * (k - 1) : full ? 2 * idf : 0.6 * idf;
    }
    if (!exact) score *= 0.25;
    if ([...positions].every((p) => tokens[p].weak)) score *= 0.4;
    score *= entry.prior;
    phraseScores.set(entryNo, [...(phraseScores.get(entryNo) ?? []), { score, positions }]);
  }
  // A subject's score is its best phrase's; its words are those of every phrase nearly as good.
  const best = new Map<number, Candidate>();
  for (const [entryNo, list] of phraseScores) {
    const top = Math.max(...list.map((x) => x.score));
    const positions = new Set(list.filter((x) => x.score >= top * 0.5).flatMap((x) => [...x.positions]));
    best.set(entryNo, { entry: entryNo, score: top, positions, source });
  }
  // A subject named by several words of the line is likelier what the line is about.
  for (const c of best.values()) c.score += 0.25 * (c.positions.size - 1);
  return [...best.values()].map((c) => ({ ...c, score: c.score - 0.001 * Math.min(...c.positions) }));
}

/** Whether a word of the line is one of a phrase's words, give or take a plural ending. */
function sameWord(word: string, phraseWords: string[]): boolean {
  const forms = surfaceForms(word);
  return phraseWords.some((w) => surfaceForms(w).some((f) => forms.includes(f)));
}

function surfaceForms(word: string): string[] {
  const w = stripAccents(word);
  const forms = [w];
  if (w.endsWith('ies')) forms.push(`${w.slice(0, -3)}y`);
  if (w.endsWith('es')) forms.push(w.slice(0, -2));
  if (w.endsWith('s') || w.endsWith('x')) forms.push(w.slice(0, -1));
  // An activity's picture is named by its -ing form ("person swimming"): the verb's base form is the same word.
  if (w.endsWith('ing') && w.length > 5) {
    const base = w.slice(0, -3);
    forms.push(base, base.at(-1) === base.at(-2) ? base.slice(0, -1) : `${base}e`);
  }
  return forms;
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
