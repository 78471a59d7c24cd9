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
 * Words that never name what a picture shows: articles, pronouns, prepositions, auxiliaries, the
 * commonest verbs and adverbs, numbers and a few vague nouns (time, thing, way) that the emoji
 * annotations use as tags for dozens of pictures.
 */
const STOP_WORDS: Record<SubjectLanguage, Set<string>> = {
  en: words(`a an the and or but if then so of to in on at by for with from into onto over under about as is are was were be been being am
    do does did doing done have has had having it its this that these those there here their theirs they them he him his she her hers we us our
    ours you your yours i me my mine not no nor yes can cannot could would should will shall may might must just very really more most much many
    some any all each every other another such only also even still than too up down out off again once what which who whom whose when where why
    how one ones two three four five six seven eight nine ten hundred hundreds thousand thousands million millions billion billions like get gets
    got make makes made let lets thing things way ways something someone anything anyone everything everyone nothing nobody people person year
    years time times day days first last next new old great little big small tiny huge long short good bad best better worse right left back part
    lot lots around after before while during until because since though although without within between through across along away together
    enough quite almost always never often sometimes now today tonight ago per say says said tell tells told know knows knew known think thinks
    thought see sees saw seen look looks looked looking want wants wanted need needs go goes went gone going come comes came coming take takes
    took taken give gives gave given find finds found keep keeps kept feel feels felt turn turns turned start starts started become becomes became
    seem seems seemed call calls called use uses used try tries tried mean means meant show shows showed put puts ever kind sort lot half
    whole same own sure real truly actually probably maybe perhaps yet already instead enough less least fact facts idea ideas story stories
    world life live lives living next follow save share comment watch tip tips trick tricks minute minutes second seconds hour hours moment
    change changes changed changing fresh comfort thank thanks hidden hide hides served serve serves summer winter spring autumn beautiful
    strange huge giant alive dead smart smartest famous ancient medieval modern suddenly finally simply fast faster quick quickly slow
    gentle soft order orders ordered secret secrets dark darker darkness`),
  es: words(`el la los las lo un una unos unas y e o u pero sino si no ni que qué de del al a en con sin por para sobre entre hasta desde hacia
    según tras ante bajo es son era eran fue fueron ser sido siendo estar está están estaba estaban estuvo esta este esto estos estas ese esa eso
    esos esas aquel aquella aquellos aquellas se su sus le les me mi mis te tu tus nos nuestro nuestra nuestros nuestras vuestro yo tú él ella
    ellos ellas usted ustedes muy más menos mucho mucha muchos muchas poco poca pocos pocas todo toda todos todas cada otro otra otros otras
    como cómo cuando cuándo donde dónde porque pues ya también tampoco solo sólo aún todavía tan tanto tanta hay había habían ha han he has hemos
    haber habría puede pueden podría podrían puedes sería serían tiene tienen tenía tener hace hacen hacer hizo dice dicen dijo decir ver vez
    veces día días año años cosa cosas algo alguien nada nadie nunca siempre ahora hoy luego así aquí allí allá uno dos tres cuatro cinco seis
    siete ocho nueve diez cien cientos mil miles millón millones primero primera último última nuevo nueva gran grande grandes pequeño pequeña
    parte forma manera mundo vida tiempo momento idea historia historias dato datos sigue sígueme guarda comenta mientras cual cuál cuales
    quien quién quienes casi bien mal mejor peor mismo misma cualquier durante antes después entonces
    gracias verano invierno bonito bonita extraño extraña extrañas gigante enorme brillante brillantes antiguo antigua antiguas famoso rápido rápida rápidos despacio suave secreto caliente`),
  fr: words(`le la les l un une des du de d à au aux et ou mais si ne n pas ni que qu qui quoi dont où en dans sur sous avec sans par pour entre
    vers chez est sont était étaient été être avoir a ont avait avaient eu ce c cet cette ces se s sa son ses leur leurs lui il ils elle elles on
    nous vous je j tu me m te t y très plus moins beaucoup peu tout toute tous toutes chaque autre autres comme quand parce car donc aussi encore
    déjà seulement même fait faire font peut peuvent pourrait pourraient serait seraient dit dire voir vu fois jour jours an ans année années
    chose choses quelque quelques rien personne jamais toujours maintenant aujourd hui puis ainsi ici là un deux trois quatre cinq six sept huit
    neuf dix cent cents mille millions milliard milliards premier première dernier dernière nouveau nouvelle grand grande grands grandes petit
    petite petits petites partie façon manière monde vie temps moment idée histoire histoires fait faits suivez abonnez enregistrez dites
    pendant avant après alors bien mal mieux pire même mêmes quel quelle quels quelles
    merci été hiver bel belle beau étrange étranges géant géante énorme brillant brillants antique antiques célèbre vite rapide rapidement lent doux douce mode caché cachée secret`),
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
}

const stemCache = new Map<string, string>();

/** The stem of one lower-case word, without accents. */
export function stemWord(word: string, language: SubjectLanguage): string {
  const key = `${language}:${word}`;
  let s = stemCache.get(key);
  if (s === undefined) {
    s = stripAccents(stemmer(language).stem(word));
    if (stemCache.size > 50_000) stemCache.clear();
    stemCache.set(key, s);
  }
  return s;
}

export const isStopWord = (word: string, language: SubjectLanguage) => STOP_WORDS[language].has(word) || STOP_WORDS[language].has(stripAccents(word));

/** The words of a text that can name a subject, in order (stop words and numbers left out). */
export function tokenize(text: string, language: SubjectLanguage): Token[] {
  const out: Token[] = [];
  // Elisions (l’océan, d’Uyuni) and hyphens split words; digits never name a picture.
  for (const raw of text.toLowerCase().normalize('NFC').split(/[^\p{L}]+/u)) {
    if (raw.length < 2 || isStopWord(raw, language)) continue;
    out.push({ word: raw, stem: stemWord(raw, language), weak: WEAK_WORDS[language].has(raw) });
  }
  return out;
}
