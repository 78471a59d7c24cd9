import { CUSTOM_TOPIC, languageCode } from '@app/domain';
import { createRng, type Rng } from '../../shared/random';
import { CUSTOM, CUSTOM_QUESTION, libraryFor, type Beat, type Lang, type TopicLibrary } from './library';
import type { ScriptRequest, ScriptResult, ScriptWriter } from './port';
import { countWords, estimateSpeechSeconds, speechBudget } from './sizing';
import { englishTitleCase, isQuestionSubject, subjectAtStart, subjectInSentence } from './subject-case';

const TITLE_MAX = 100;
const CAPTION_MAX = 2000;
const GENERAL_TAGS: Record<Lang, string[]> = {
  en: ['#shorts', '#facelessvideo'],
  es: ['#shorts', '#videosinrostro'],
  fr: ['#shorts', '#videosansvisage'],
};

interface Line {
  text: string;
  scene: string;
}

/**
 * The offline script writer: deterministic for a seed, in English, Spanish or French, sized so the
 * narration fits the requested duration range. Topics come from a library of story beats; a custom
 * prompt of two or more sentences is narrated as written, a shorter one is a subject to write about.
 */
export function createOfflineScriptWriter(): ScriptWriter {
  return {
    name: 'offline',
    async write(request: ScriptRequest): Promise<ScriptResult> {
      return writeOfflineScript(request);
    },
  };
}

export function writeOfflineScript(request: ScriptRequest): ScriptResult {
  const lang = languageCode(request.language);
  const rng = createRng(`script:${request.seed}`);
  const prompt = request.customPrompt?.trim() ?? '';
  const isCustom = request.topic === CUSTOM_TOPIC || libraryFor(request.topic) === CUSTOM;
  const budget = speechBudget(request.minDurationSeconds, request.durationSeconds);

  if (isCustom && splitSentences(prompt).length >= 2) {
    return promptAsScript(prompt, lang, budget, rng);
  }
  const subject = isCustom ? subjectOf(prompt || (request.topic === CUSTOM_TOPIC ? '' : request.topic), lang) : '';
  // A subject asked as a question ("Why owls hoot at night") gets beats written around a question.
  const library = isCustom && isQuestionSubject(subject, lang) ? CUSTOM_QUESTION : libraryFor(request.topic);
  const fill = (text: string) => fillLength(fillSubject(text, subject, lang), request.durationSeconds, lang);

  const hook = rng.pick(library.hooks);
  const outro = rng.pick(library.outros);
  const beats = chooseBeats(library, lang, budget, rng, [hook, outro], fill);
  const lines: Line[] = [hook, ...beats, outro].map((beat) => ({ text: fill(beat.text[lang]), scene: fill(beat.scene) }));
  // Still short of the floor (a long range): close with the other outro too.
  if (estimateSpeechSeconds(lines.map((l) => l.text), lang) < budget.floor) {
    const extra = library.outros.find((o) => o !== outro);
    if (extra) lines.splice(lines.length - 1, 0, { text: fill(extra.text[lang]), scene: fill(extra.scene) });
  }
  const filledTitle = fill(rng.pick(library.titles[lang]));
  // The English templates are in title case: a subject put into one takes it too.
  const title = truncate(isCustom && lang === 'en' ? englishTitleCase(filledTitle) : filledTitle, TITLE_MAX);
  return finish(title, lines, lang, library.hashtags[lang]);
}

function chooseBeats(
  library: TopicLibrary,
  lang: Lang,
  budget: { floor: number; target: number; cap: number },
  rng: Rng,
  fixed: Beat[],
  fill: (t: string) => string,
): Beat[] {
  const seconds = (beats: Beat[]) => estimateSpeechSeconds([...fixed, ...beats].map((b) => fill(b.text[lang])), lang);
  // Order of preference: shuffled for lists of facts; for stories, the first and last beats first.
  let candidates: Beat[];
  if (library.ordered) {
    const [first, ...rest] = library.beats;
    const last = rest.pop()!;
    candidates = [first, last, ...rng.shuffle(rest)];
  } else {
    candidates = rng.shuffle(library.beats);
  }
  const chosen: Beat[] = [];
  for (const beat of candidates) {
    const next = [...chosen, beat];
    const s = seconds(next);
    if (s <= budget.target || (seconds(chosen) < budget.floor && s <= budget.cap)) chosen.push(beat);
  }
  if (chosen.length === 0) chosen.push(candidates[0]);
  return library.ordered ? library.beats.filter((b) => chosen.includes(b)) : chosen;
}

function promptAsScript(prompt: string, lang: Lang, budget: { cap: number }, rng: Rng): ScriptResult {
  const sentences = splitSentences(prompt);
  const lines: Line[] = [];
  let current = '';
  for (const sentence of sentences) {
    const joined = current ? `${current} ${sentence}` : sentence;
    if (current && countWords(joined) > 22) {
      lines.push({ text: current, scene: sceneFromText(current) });
      current = sentence;
    } else current = joined;
  }
  if (current) lines.push({ text: current, scene: sceneFromText(current) });
  while (lines.length > 1 && estimateSpeechSeconds(lines.map((l) => l.text), lang) > budget.cap) lines.pop();
  const title = truncate(stripEnd(sentences[0]), TITLE_MAX);
  void rng;
  return finish(title, lines, lang, CUSTOM.hashtags[lang]);
}

function finish(title: string, lines: Line[], lang: Lang, tags: string[]): ScriptResult {
  const teaser = lines.slice(0, 2).map((l) => l.text).join(' ');
  const hashtags = [...tags, ...GENERAL_TAGS[lang]].join(' ');
  const description = truncate(`${title}\n\n${teaser}\n\n${hashtags}`, CAPTION_MAX);
  return { title, description, narrationScript: lines.map((l) => l.text), scenes: lines.map((l) => l.scene) };
}

export function splitSentences(text: string): string[] {
  return (text.match(/[^.!?…]+[.!?…]+["'»”)]*|[^.!?…]+$/gu) ?? []).map((s) => s.trim()).filter((s) => countWords(s) > 0);
}

/** The longest subject the templates say whole, in characters. */
const SUBJECT_MAX = 80;

/** Words a subject cut short must not end on: it would read as broken off. */
const DANGLING: Record<Lang, ReadonlySet<string>> = {
  en: new Set(['a', 'an', 'the', 'and', 'or', 'but', 'of', 'to', 'in', 'on', 'at', 'by', 'for', 'with', 'from', 'about', 'that', 'which', 'who', 'their', 'its', 'his', 'her', 'our', 'your', 'my']),
  es: new Set(['el', 'la', 'los', 'las', 'un', 'una', 'unos', 'unas', 'y', 'e', 'o', 'u', 'de', 'del', 'a', 'al', 'en', 'con', 'por', 'para', 'sobre', 'que', 'su', 'sus', 'mi', 'tu']),
  fr: new Set(['le', 'la', 'les', 'un', 'une', 'des', 'et', 'ou', 'de', 'du', 'à', 'au', 'aux', 'en', 'avec', 'pour', 'par', 'sur', 'que', 'qui', 'son', 'sa', 'ses', 'leur', 'leurs', 'mon', 'ma', 'ton']),
};

/**
 * The subject of a prompt of one sentence, as the templates say it inside their own sentences. A
 * headline and its subtitle ("why cats land on their feet: the physics of the righting reflex")
 * gives the headline, what comes before the colon, dash or semicolon: the subtitle cannot stand
 * inside a template's sentence. Otherwise the prompt itself when short; a long one gives what comes
 * before its first comma, or else its first words cut at a word that does not leave it hanging.
 * Never an ellipsis: the template's sentence goes on after the subject.
 */
function subjectOf(prompt: string, lang: Lang): string {
  // Without a question's or an exclamation's opening mark (¿, ¡): the templates place the subject inside their own.
  const cleaned = stripEnd(prompt.replace(/\s+/g, ' ').trim().replace(/^[¿¡]+\s*/u, ''));
  if (!cleaned) return { en: 'this idea', es: 'esta idea', fr: 'cette idée' }[lang];
  const headline = stripEnd(cleaned.split(/\s*[:;–—]\s*|\s+-\s+/u)[0]);
  if (headline !== cleaned && countWords(headline) >= 2 && headline.length <= SUBJECT_MAX) return headline;
  if (cleaned.length <= SUBJECT_MAX) return cleaned;
  const beforeComma = stripEnd(cleaned.split(/,\s*/u)[0]);
  if (countWords(beforeComma) >= 2 && beforeComma.length <= SUBJECT_MAX) return beforeComma;
  const words: string[] = [];
  for (const word of cleaned.split(' ')) {
    if ([...words, word].join(' ').length > SUBJECT_MAX) break;
    words.push(word);
  }
  while (words.length > 1 && DANGLING[lang].has(words.at(-1)!.toLowerCase())) words.pop();
  return stripEnd(words.join(' ') || cleaned.slice(0, SUBJECT_MAX));
}

/**
 * A title's words for the video's length: "One Minute" for a minute, else its seconds ("30
 * Seconds"), in the title's language; `{T}` opens the title (a capital), `{t}` is inside it (title
 * case in English, as its templates are). A title promised "in One Minute" whatever the length.
 * A narration line says it as spoken (`{l}`: "a minute", "30 seconds").
 */
export function lengthWords(seconds: number, lang: Lang, atStart: boolean): string {
  // Only English titles differ from the spoken words: title case, and "One" for "a".
  const words = lang === 'en' ? (seconds === 60 ? 'One Minute' : `${seconds} Seconds`) : spokenLength(seconds, lang);
  return atStart ? words.charAt(0).toUpperCase() + words.slice(1) : words;
}

const A_MINUTE: Record<Lang, string> = { en: 'a minute', es: 'un minuto', fr: 'une minute' };
const SECONDS: Record<Lang, string> = { en: 'seconds', es: 'segundos', fr: 'secondes' };

/** The video's length as a narration line says it: "a minute", "30 seconds". */
export function spokenLength(seconds: number, lang: Lang): string {
  return seconds === 60 ? A_MINUTE[lang] : `${seconds} ${SECONDS[lang]}`;
}

function fillLength(text: string, seconds: number, lang: Lang): string {
  return text.replaceAll('{T}', lengthWords(seconds, lang, true)).replaceAll('{t}', lengthWords(seconds, lang, false)).replaceAll('{l}', spokenLength(seconds, lang));
}

function fillSubject(text: string, subject: string, lang: Lang): string {
  return text.replaceAll('{S}', subjectAtStart(subject)).replaceAll('{s}', subjectInSentence(subject, lang));
}

function sceneFromText(text: string): string {
  return `an illustration of: ${truncate(stripEnd(text), 160)}`;
}

function stripEnd(text: string): string {
  return text.replace(/[\s.!?…:;,]+$/u, '');
}

function truncate(text: string, max: number): string {
  if (text.length <= max) return text;
  const cut = text.slice(0, max - 1);
  const space = cut.lastIndexOf(' ');
  return `${space > max * 0.6 ? cut.slice(0, space) : cut}…`;
}
