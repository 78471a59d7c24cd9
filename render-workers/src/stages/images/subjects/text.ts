import { createRequire } from 'node:module';

/** Words of a narration line reduced to what the subject index is keyed by: stems, in one language. */
export type SubjectLanguage = 'en' | 'es' | 'fr';

interface Stemmer {
  stem(word: string): string;
}
const requireModule = createRequire(__filename);
const STEMMER_NAMES: Record<SubjectLanguage, string> = { en: 'english', es: 'spanish', fr: 'french' };
const stemmers = new Map<SubjectLanguage, Stemmer>();

function stemmer(language: SubjectLanguage): Stemmer {
  let s = stemmers.get(language);
  if (!s) {
    // snowball-stemmers ships no types: one function, `newStemmer(algorithm)`.
    const { newStemmer } = requireModule('snowball-stemmers') as { newStemmer: (name: string) => Stemmer };
    s = newStemmer(STEMMER_NAMES[language]);
    stemmers.set(language, s);
  }
  return s;
}

/**
 * Function words: articles, pronouns (the indefinite ones too: nothing, nadie, rien), possessives,
 * prepositions, conjunctions, the auxiliaries and modals, negation, quantifiers, the small numbers
 * and ordinals (es/fr "primero", "premier" are among the adjectives read as modifiers), a few adverbs of degree, time and place, after the Snowball project's stop lists for
 * these languages; and the few interjections and courtesies a narration opens or closes with
 * (thanks, gracias, merci). They never name a picture. Content words (nouns, verbs, adjectives),
 * however vague, are left to the matcher, which weighs a word by how many pictures share it and
 * reads verbs and modifiers from their context (`tokenize`).
 */
const STOP_WORDS: Record<SubjectLanguage, Set<string>> = {
  en: words(`a an the and or but nor if then than so as of to in on at by for with from into onto over under about against between through
    during before after above below up down out off again further once here there when where why how what which who whom whose this that these
    those i me my myself we us our ours ourselves you your yours yourself yourselves he him his himself she her hers herself it its itself they
    them their theirs themselves am is are was were be been being have has had having do does did doing can could will would shall should may
    might must cannot not no yes all any both each every few more most other another some such only own same too very just also even still yet ever
    never always often now one two three four five six seven eight nine ten hundred hundreds thousand thousands million millions billion
    billions first second third fourth fifth sixth seventh eighth ninth tenth like while until because since though although without within across along around upon whether either neither
    nothing something anything everything nobody somebody anybody everybody someone anyone everyone
    thanks thank please hello hi bye goodbye oh okay ok wow`),
  es: words(`el la los las lo un una unos unas y e o u ni pero sino si que qué de del al a en con sin por para sobre entre hasta desde hacia
    según tras ante bajo contra durante mediante me te se nos os le les mi mis tu tus su sus mí ti sí yo tú él ella ellos ellas nosotros
    nosotras vosotros vosotras usted ustedes nuestro nuestra nuestros nuestras vuestro vuestra vuestros vuestras mío mía míos mías tuyo tuya
    suyo suya suyos suyas este esta esto estos estas ese esa eso esos esas aquel aquella aquello aquellos aquellas cual cuál cuales quien quién
    quienes cuyo cuya como cómo cuando cuándo donde dónde porque pues ya también tampoco no muy más menos mucho mucha muchos muchas poco poca
    pocos pocas todo toda todos todas cada otro otra otros otras algún alguno alguna algunos algunas ningún ninguno ninguna tanto tanta tantos
    tantas tan mismo misma mismos mismas es son era eran fue fueron ser sido siendo sea sean soy eres somos será serán sería serían está están
    estaba estaban estuvo estar estado estoy estás estamos esté ha han he has hemos había habían haber habido hay habrá habría tiene tienen
    tenía tenían tener tengo tienes tenemos tuvo puede pueden puedes podemos podía podría podrían poder debe deben uno dos tres cuatro cinco
    seis siete ocho nueve diez cien ciento cientos mil miles millón millones segundo segunda tercer tercero tercera quinto quinta
    aquí allí allá ahí ahora aún todavía siempre nunca jamás solo sólo
    nada algo alguien nadie gracias favor hola adiós vale`),
  fr: words(`le la les l un une des du de d au aux à a et ou mais ni si que qu qui quoi dont où en dans sur sous avec sans par pour entre vers
    chez contre pendant depuis avant après ce c cet cette ces ceci cela ça se s sa son ses ma mon mes ta ton tes notre nos votre vos leur leurs
    lui elle elles il ils on nous vous je j tu me m te t moi toi soi eux y ne n pas plus moins très trop peu beaucoup tout toute tous toutes
    chaque autre autres même mêmes quel quelle quels quelles est sont était étaient été être suis es sommes êtes sera seront serait seraient
    soit ai as avons avez ont avait avaient avoir eu aura auront aurait peut peuvent pouvait pourrait pourraient pouvez doit doivent
    un deux trois quatre cinq six sept huit neuf dix cent cents mille million millions milliard milliards deuxième troisième quatrième
    cinquième ici là alors donc car comme quand
    aussi encore déjà jamais toujours ainsi puis rien quelqu quelque chacun merci bonjour salut revoir oui voilà`),
};

/**
 * Words that are more often verbs or adjectives than the thing an emoji shows (a bird does not
 * "watch"; "fly" is rarely the insect): they still match, but weakly.
 */
const WEAK_WORDS: Record<SubjectLanguage, Set<string>> = {
  en: words('fly flies flying ring rings bat match matches light lights top spring fall falls point points mind rock rocks wave waves date dates fan fans seal drop drops'),
  es: words('vela velas cara caras'),
  fr: words('glace tête visage'),
};

/**
 * What comes before a verb: subject pronouns and clitics, auxiliaries and modals, the negation
 * (French `ne`, Spanish `no`). A word after one of them is read as a verb ("you can swim", "el
 * imperio ocultó", "elle vivait"), which names an activity's picture (a swimmer) but not a thing's
 * (the salt in "y sal" is "go out"). Adverbs between them are skipped ("will not spill").
 */
const BEFORE_VERB: Record<SubjectLanguage, Set<string>> = {
  en: words('i you we they he she it who can cannot could will would shall should may might must do does did nothing nobody someone somebody everyone everybody everything something'),
  es: words('yo tú él ella ellos ellas nosotros ustedes se me te nos os le les ha han he has hemos había habían haber puede pueden puedes podría podrían debe deben va van voy vamos no nadie nada alguien'),
  fr: words('je j tu il elle on nous vous ils elles se s me m te t ne n y lui ai as a avons avez ont avait avaient peut peuvent pourrait pourraient doit doivent va vont'),
};
/** English auxiliaries before a participle ("were attacked", "is said", "has eaten"). */
const EN_BE_HAVE = words('am is are was were be been being have has had');
const SKIPPED_ADVERBS: Record<SubjectLanguage, Set<string>> = {
  en: words('not never also always just still even ever really only already once'),
  es: words('ya también nunca siempre todavía aún jamás'),
  fr: words('pas jamais toujours déjà encore bien'),
};
/** Adverbs of degree: the word after one is an adjective or an adverb ("más brillantes", "plus vite"), not a thing. */
const DEGREE: Record<SubjectLanguage, Set<string>> = {
  en: words('more most very so too less least quite rather how'),
  es: words('más muy tan menos bastante demasiado'),
  fr: words('plus très si trop moins aussi assez'),
};
/** English words that follow a verb, not a noun: object pronouns and question words ("see you", "watch what follows"). */
const EN_AFTER_VERB = words('me you him them us what how where why whether');
/** Adjectives that come before the noun in Spanish and French (and "best", "old" in English come first anyway). */
const PRENOMINAL: Record<SubjectLanguage, Set<string>> = {
  en: new Set(),
  es: words('buen bueno buena buenos buenas mal malo mala gran grande grandes pequeño pequeña pequeños pequeñas viejo vieja viejos viejas nuevo nueva nuevos nuevas primer primero primera último última mejor mejores peor peores joven jóvenes pobre'),
  fr: words('bon bonne bons bonnes beau bel belle beaux belles grand grande grands grandes petit petite petits petites vieux vieil vieille vieilles jeune jeunes nouveau nouvel nouvelle nouveaux nouvelles premier première dernier dernière meilleur meilleure meilleurs meilleures mauvais mauvaise gros grosse joli jolie long longue haut haute seul seule'),
};
/** Prepositions of place: what follows is where something is, not what it is ("in the desert of Nevada, … a flying saucer"). */
const PLACE: Record<SubjectLanguage, Set<string>> = {
  en: words('in at on under into onto inside near behind across through above below beneath around along'),
  es: words('en bajo sobre tras dentro junto cerca detrás delante encima debajo'),
  fr: words('dans en sur sous à au aux chez près derrière devant parmi'),
};
/** French pronouns written after a verb with a hyphen ("réveillez-vous", "fait-il", "peut-on"). */
const FR_INVERTED = words('je tu il elle on nous vous ils elles moi toi le la les lui leur y en t ce');
/** Spanish imperatives of one syllable, which are also nouns or adjectives ("sal": salt, go out). */
const ES_SHORT_IMPERATIVES = words('sal pon ven ten haz di ve sé');
/** Words after which a word is a noun, not a verb: determiners and prepositions. */
const BEFORE_NOUN: Record<SubjectLanguage, Set<string>> = {
  en: words('a an the this these those my your his her its our their of'),
  es: words('el la los las un una unos unas del al mi mis tu tus su sus este esta estos estas ese esa esos esas de con sin en por para cada'),
  fr: words('le la les l un une des du de d au aux mon ma mes ton ta tes son sa ses notre nos votre vos leur leurs ce cet cette ces chaque'),
};

/** Whether a word's ending marks a verb whatever comes before it (Spanish preterite, French imperfect…). */
function verbEnding(word: string, language: SubjectLanguage): boolean {
  if (language === 'es') return (word.length >= 4 && word.endsWith('ó')) || /(aron|ieron|aban|ían)$/.test(word);
  if (language === 'fr') return /(èrent|aient)$/.test(word) || (word.length >= 5 && word.endsWith('ez'));
  return false;
}

/** A phrase's word that is itself a verb form: it names an activity ("person swimming", "nadar", "courir"). */
export function verbLike(word: string, language: SubjectLanguage): boolean {
  if (language === 'en') return word.endsWith('ing') && word.length > 5;
  if (language === 'es') return /(ar|er|ir|ando|iendo)$/.test(word);
  return /(er|ir|ant)$/.test(word);
}

function words(list: string): Set<string> {
  return new Set(list.split(/\s+/).filter(Boolean));
}

export const stripAccents = (text: string) => text.normalize('NFD').replace(/[\u0300-\u036f]/g, '');

export interface Token {
  /** The word as written (lower case). */
  word: string;
  /** Its stem without accents: what the index is keyed by. */
  stem: string;
  /** A word that is usually not a noun (scored down). */
  weak: boolean;
  /** Read as a verb (or, after an adverb of degree, an adjective) from what comes before it: it names an activity, not a thing. */
  verb: boolean;
  /**
   * Spanish and French: read as a modifier of the noun before it ("lugar bonito", "modo avión";
   * a verb after its subject too: "la neige tombe"), or one of the few adjectives that come first
   * ("mejores", "grand"). It counts within a name that includes the noun ("chat noir"), little alone.
   */
  modifier: boolean;
  /**
   * Followed at once by another content word, nothing between (English "sea otters": the first
   * modifies the second when that one names a picture, which the matcher knows).
   */
  beforeWord: boolean;
  /** Where, not what: a word after a preposition of place ("in the desert of Nevada"). */
  setting: boolean;
  /** Written with a capital within a sentence: a name (New York); as a picture's tag, a stand-in for a place. */
  name: boolean;
  /** One part of a hyphenated word ("mère" in "grand-mère"), which is also a token whole. */
  part: boolean;
  /** English: right after a thing's name ("dance" in "bees dance"), so as often that thing's verb (set by the matcher). */
  afterThing?: boolean;
  /** Which of the text's content words it is (a hyphenated word and its parts share one). */
  at: number;
}

const stemCache = new Map<string, string>();

/** The stem of one lower-case word, without accents. */
export function stemWord(word: string, language: SubjectLanguage): string {
  const key = `${language}:${word}`;
  let s = stemCache.get(key);
  if (s === undefined) {
    s = stripAccents(word.split('-').map((w) => stemmer(language).stem(w)).join('-'));
    if (stemCache.size > 50_000) stemCache.clear();
    stemCache.set(key, s);
  }
  return s;
}

export const isStopWord = (word: string, language: SubjectLanguage) => STOP_WORDS[language].has(word);

/** A text's words in lower case, in order: letters, with hyphenated words kept whole ("grand-mère", "x-ray"); elisions split (l’océan). */
export function splitWords(text: string): string[] {
  return text.toLowerCase().normalize('NFC').match(/\p{L}+(?:-\p{L}+)*/gu) ?? [];
}

interface RawWord {
  word: string;
  /** Written with a capital within a sentence: a name. */
  name: boolean;
  /** Punctuation between it and the word before. */
  afterPause: boolean;
}

/** A text's words with what tells their part: capitals and punctuation. */
function rawWords(text: string): RawWord[] {
  const out: RawWord[] = [];
  let last = 0;
  let sentenceStart = true;
  for (const m of text.normalize('NFC').matchAll(/\p{L}+(?:-\p{L}+)*/gu)) {
    const gap = text.slice(last, m.index);
    if (/[.!?¿¡:;]/.test(gap)) sentenceStart = true;
    out.push({ word: m[0].toLowerCase(), name: !sentenceStart && /^\p{Lu}/u.test(m[0]), afterPause: /[^\s]/.test(gap) && out.length > 0 });
    sentenceStart = false;
    last = m.index + m[0].length;
  }
  return out;
}

/**
 * The words of a text that can name a subject, in order (function words and numbers left out),
 * each read from its neighbours: a verb or a noun, a modifier or a head, a thing or a place.
 */
export function tokenize(text: string, language: SubjectLanguage): Token[] {
  const out: Token[] = [];
  const all = rawWords(text);
  const content = all.map((w) => w.word.length >= 2 && !isStopWord(w.word, language));
  let at = 0;
  // The word before, adverbs skipped: what tells a verb from a noun.
  let before = '';
  // Within a phrase that a preposition of place opened.
  let place = false;
  const push = (word: string, flags: Pick<Token, 'verb' | 'modifier' | 'setting' | 'name' | 'beforeWord' | 'part'>) => {
    if (word.length < 2 || isStopWord(word, language)) return;
    out.push({ word, stem: stemWord(word, language), weak: WEAK_WORDS[language].has(word), ...flags, at });
  };
  all.forEach(({ word: raw, name, afterPause }, i) => {
    if (afterPause) {
      before = '';
      place = false;
    }
    const parts = raw.split('-');
    const next = all[i + 1];
    // "how big" is a degree, an adjective after it; "how bees dance" asks about a thing, named in the plural.
    const degree = DEGREE[language].has(before) && !(language === 'en' && before === 'how' && /[^su]s$/.test(raw));
    let verb = BEFORE_VERB[language].has(before) || degree || verbEnding(parts[0], language);
    if (language === 'en' && EN_BE_HAVE.has(before) && /(ed|ing|en)$/.test(raw)) verb = true;
    // "see you", "watch what follows": an object pronoun or a question word follows a verb.
    if (language === 'en' && next && !next.afterPause && EN_AFTER_VERB.has(next.word)) verb = true;
    if (language === 'es' && ES_SHORT_IMPERATIVES.has(raw)) verb = true;
    if (BEFORE_NOUN[language].has(before)) verb = false;
    const joined = (j: number) => j >= 0 && j < all.length && content[j] && !all[Math.max(i, j)].afterPause;
    // (English puts its modifiers first, but a noun followed by a word is as often a subject and its verb: left alone.)
    // Spanish and French: a word right after a noun (a word its determiner announced) modifies it ("una maleta ligera", but "la gamba come algas").
    const afterNoun = joined(i - 1) && !PRENOMINAL[language].has(all[i - 1].word) && i >= 2 && !all[i - 1].afterPause
      && (BEFORE_NOUN[language].has(all[i - 2].word) || PRENOMINAL[language].has(all[i - 2].word));
    const modifier = language !== 'en' && (PRENOMINAL[language].has(raw) || afterNoun);
    const flags = { verb, modifier, setting: place, name, beforeWord: joined(i + 1), part: false };
    const inverted = language === 'fr' && parts.length > 1 && FR_INVERTED.has(parts.at(-1)!);
    if (inverted) {
      // "réveillez-vous": a verb and its pronoun.
      push(parts.slice(0, -1).join('-'), { ...flags, verb: true });
      at += 1;
    } else {
      push(raw, flags);
      if (parts.length > 1) for (const p of parts) push(p, { ...flags, part: true });
      if (content[i]) at += 1;
    }
    // A phrase of place runs from its preposition to a verb or a function word that is not a determiner.
    if (PLACE[language].has(raw)) place = true;
    else if (verb || (!content[i] && !BEFORE_NOUN[language].has(raw))) place = false;
    if (!SKIPPED_ADVERBS[language].has(raw)) before = inverted ? '' : raw;
  });
  return out;
}
