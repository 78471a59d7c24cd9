import type { Lang } from './library';

/**
 * The casing of a creator's subject ("Why owls hoot at night", "The history of chocolate") where
 * the offline writer puts it: inside a sentence, at its start, or in an English title.
 */

/** Words that open a subject and are written lower-case inside a sentence, per language. */
const OPENERS: Record<Lang, ReadonlySet<string>> = {
  en: new Set(['a', 'an', 'the', 'why', 'how', 'what', 'who', 'whom', 'whose', 'when', 'where', 'which', 'my', 'our', 'your', 'their', 'his', 'her', 'its', 'this', 'that', 'these', 'those', 'some', 'every', 'all', 'most', 'many', 'few', 'in', 'on', 'at', 'to', 'for', 'from', 'with', 'about', 'inside', 'behind', 'beyond', 'life', 'living', 'being', 'making', 'learning']),
  es: new Set(['el', 'la', 'los', 'las', 'lo', 'un', 'una', 'unos', 'unas', 'por', 'qué', 'cómo', 'cuándo', 'dónde', 'quién', 'quiénes', 'cuál', 'mi', 'mis', 'tu', 'tus', 'su', 'sus', 'nuestro', 'nuestra', 'nuestros', 'nuestras', 'este', 'esta', 'estos', 'estas', 'ese', 'esa', 'esos', 'esas', 'del', 'al', 'en', 'con', 'de', 'para', 'sobre', 'todo', 'toda', 'todos', 'todas']),
  fr: new Set(['le', 'la', 'les', 'l', 'un', 'une', 'des', 'du', 'de', 'd', 'pourquoi', 'comment', 'quand', 'où', 'qui', 'que', 'quoi', 'quel', 'quelle', 'quels', 'quelles', 'mon', 'ma', 'mes', 'ton', 'ta', 'tes', 'son', 'sa', 'ses', 'notre', 'nos', 'votre', 'vos', 'leur', 'leurs', 'ce', 'cet', 'cette', 'ces', 'en', 'au', 'aux', 'dans', 'sur', 'avec', 'pour', 'tout', 'toute', 'tous', 'toutes']),
};

/** The first word of a text (letters, with an apostrophe's elision: `L’histoire` gives `L`). */
const FIRST_WORD = /^\p{L}+/u;

/** A word written with capitals of its own past its first letter (`NASA`, `iPhone`, `McDonald`): its casing is kept. */
const hasOwnCapitals = (word: string) => word.slice(1) !== word.slice(1).toLowerCase();

/** The subject inside a sentence: a common opening word lower-cased (`Why owls…` → `why owls…`), a name kept (`Paris`, `NASA`). */
export function subjectInSentence(subject: string, lang: Lang): string {
  const first = FIRST_WORD.exec(subject)?.[0];
  if (!first || hasOwnCapitals(first) || !OPENERS[lang].has(first.toLowerCase())) return subject;
  return first.charAt(0).toLowerCase() + subject.slice(1);
}

/** The subject opening a sentence: its first letter capitalised. */
export function subjectAtStart(subject: string): string {
  return subject.charAt(0).toUpperCase() + subject.slice(1);
}

/** Short words that stay lower-case inside an English title (AP and Chicago agree on these). */
const MINOR_WORDS = new Set(['a', 'an', 'the', 'and', 'but', 'or', 'nor', 'for', 'so', 'yet', 'as', 'at', 'by', 'in', 'of', 'off', 'on', 'per', 'to', 'up', 'via', 'vs']);

/**
 * An English title in title case: every word capitalised but the minor words inside it (the first
 * and last words, and a word after a colon, always are); a word with capitals of its own is kept.
 */
export function englishTitleCase(title: string): string {
  const words = title.split(/(\s+)/);
  const last = words.length - 1;
  let opensPart = true;
  return words
    .map((word, i) => {
      if (/^\s+$/.test(word) || word === '') return word;
      const letters = /\p{L}/u.exec(word);
      let cased = word;
      if (letters && !hasOwnCapitals(word.replace(/^[^\p{L}]+/u, ''))) {
        const bare = word.replace(/[^\p{L}’'-]/gu, '').toLowerCase();
        const minor = !opensPart && i !== last && MINOR_WORDS.has(bare);
        const at = letters.index;
        cased = minor ? word.toLowerCase() : word.slice(0, at) + word.charAt(at).toUpperCase() + word.slice(at + 1);
      }
      opensPart = /[:—–]$/.test(word);
      return cased;
    })
    .join('');
}

/** Words that open a question in indirect form (`why owls hoot`, `cómo bailan`, `pourquoi le ciel`), per language. */
const QUESTION_OPENERS: Record<Lang, ReadonlySet<string>> = {
  en: new Set(['why', 'how', 'what', 'when', 'where', 'who', 'which', 'whether']),
  es: new Set(['por qué', 'qué', 'cómo', 'cuándo', 'dónde', 'quién', 'quiénes', 'cuál', 'cuáles', 'cuánto', 'cuántos', 'cuántas']),
  fr: new Set(['pourquoi', 'comment', 'quand', 'où', 'qui', 'quel', 'quelle', 'quels', 'quelles', 'combien', 'ce que', 'ce qui']),
};

/** Whether a subject is a question in indirect form, which reads after "Have you ever wondered…". */
export function isQuestionSubject(subject: string, lang: Lang): boolean {
  const words = subject.toLowerCase().replace(/^[¿¡\s]+/u, '').split(/\s+/);
  // "What if the moon disappeared" is a supposition: "Have you ever wondered what if…" does not read.
  if (lang === 'en' && words[0] === 'what' && words[1] === 'if') return false;
  return QUESTION_OPENERS[lang].has(words[0]) || QUESTION_OPENERS[lang].has(words.slice(0, 2).join(' '));
}
