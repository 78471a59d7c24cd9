import { createRequire } from 'node:module';
import { iconNames } from './icons';
import { SUBJECT_INDEX } from './subject-index.generated';
import { isStopWord, splitWords, stemWord, stripAccents, type SubjectLanguage } from './text';

/**
 * The subjects a scene can show: every Fluent Emoji illustration that has an emojibase entry,
 * with its label and tags in English, Spanish and French (CLDR annotations), stemmed. Built once
 * per process from the installed packages, when first used.
 */
export const SUBJECT_LANGUAGES: SubjectLanguage[] = ['en', 'es', 'fr'];

/** Where a subject stands in a scene. */
export type SubjectPlacement = 'ground' | 'sky' | 'water';

export interface SubjectEntry {
  /** The illustration's name in the set (`shrimp`, `hot-air-balloon`): the subject's id. */
  id: string;
  emoji: string;
  group: string;
  subgroup: string;
  placement: SubjectPlacement;
  /** How good a picture it makes for a scene, 0..1 (a fox: 1; a face or a heart: less). */
  prior: number;
  /** Per language: the label, and the phrases (label first, then tags) as stems. */
  names: Record<SubjectLanguage, {
    label: string;
    /** The names' (the label, then any extra name) and the tags' words as stems, names first. */
    phrases: string[][];
    /** How many of the phrases are names: the label and its synonyms; the rest are tags. */
    nameCount: number;
    /** The same phrases' words as written (lower case), to tell the same word from one that only shares its stem. */
    words: string[][];
  }>;
}

export interface LanguageIndex {
  /** Subjects whose phrases contain a stem: entry number and phrase number (0 = the label). */
  byStem: Map<string, Array<{ entry: number; phrase: number }>>;
  /** Inverse document frequency of each stem, 0..1 (1: one subject only). */
  idf: Map<string, number>;
}

export interface SubjectCatalogue {
  entries: SubjectEntry[];
  byId: Map<string, SubjectEntry>;
  languages: Record<SubjectLanguage, LanguageIndex>;
}

interface EmojibaseEntry {
  label: string;
  hexcode: string;
  emoji: string;
  tags?: string[];
  group?: number;
  subgroup?: number;
}

const requireModule = createRequire(__filename);

/** emojibase labels whose Fluent name is not the label's slug. */
const ICON_ALIASES: Record<string, string> = {
  mage: 'person-mage', fairy: 'person-fairy', vampire: 'person-vampire', zombie: 'person-zombie', genie: 'person-genie', elf: 'person-elf',
  merperson: 'person-merpeople', mermaid: 'woman-merpeople', merman: 'man-merpeople', superhero: 'person-superhero', supervillain: 'person-supervillain',
  'black bird': 'blackbird', phoenix: 'phoenix-bird', 'piñata': 'piata',
};

/**
 * Names the CLDR annotations lack for a picture that shows exactly that thing: 🌊 is "water wave"
 * in CLDR, but scripts say "sea" and "ocean", and no other picture shows the sea; 🏜️ is a desert of
 * dunes. They count as the picture's name, like its label. Kept to synonyms of what is drawn.
 */
const EXTRA_NAMES: Record<string, Record<SubjectLanguage, string[]>> = {
  'water-wave': { en: ['sea', 'ocean'], es: ['mar', 'océano'], fr: ['mer', 'océan'] },
  desert: { en: ['dune', 'dunes'], es: ['duna', 'dunas'], fr: ['dune', 'dunes'] },
};

/**
 * Tags the annotations lack, for a thing no picture shows, given to the one that stands in for it:
 * seaweed has no emoji, and the issue's own example ("the shrimp eats algae": a shrimp and
 * seaweed) wants the green fronds of 🌿 for it. Only as a tag, so it never outranks a name.
 */
const EXTRA_TAGS: Record<string, Record<SubjectLanguage, string[]>> = {
  herb: { en: ['algae', 'seaweed', 'kelp'], es: ['alga', 'algas'], fr: ['algue', 'algues'] },
};

/** Never a scene's subject: hands and gestures, families, skin tones, hair, symbols and flags. */
const EXCLUDED_GROUPS = new Set(['component', 'symbols', 'flags']);
const EXCLUDED_SUBGROUPS = new Set(['hand-fingers-open', 'hand-fingers-partial', 'hand-single-finger', 'hand-fingers-closed', 'hands', 'hand-prop', 'person-gesture', 'family', 'skin-tone', 'hair-style', 'alphanum', 'keycap']);

/** Square scene tiles (a night city, a sunrise): a whole picture in a frame, not a thing that stands in one. */
const TILE_IDS = new Set(['night-with-stars', 'sunrise-over-mountains', 'sunrise', 'cityscape-at-dusk', 'sunset', 'bridge-at-night', 'milky-way', 'foggy', 'cityscape', 'map-of-japan', 'moon-viewing-ceremony']);

/** Less likely to make a good picture than an animal, a plant, a place or an object. */
const SUBGROUP_PRIOR: Record<string, number> = {
  'face-smiling': 0.55, 'face-affection': 0.5, 'face-tongue': 0.45, 'face-neutral-skeptical': 0.5, 'face-sleepy': 0.55, 'face-unwell': 0.5,
  'face-hat': 0.55, 'face-hand': 0.5, 'face-glasses': 0.55, 'face-concerned': 0.5, 'face-negative': 0.5, 'cat-face': 0.6, 'monkey-face': 0.6, heart: 0.6, emotion: 0.45,
  'body-parts': 0.75, person: 0.7, 'person-role': 0.8, 'person-fantasy': 0.7, 'person-sport': 0.85, 'person-activity': 0.8, 'person-resting': 0.75, 'person-symbol': 0.45,
  time: 0.8, 'place-religious': 0.85, sound: 0.6,
};

/**
 * People: a picture of a person is only right when the line names that person (a farmer, a
 * mermaid, someone swimming). Their names must be matched whole, the generic word aside ("health
 * worker" is not any "worker", "mère Noël" is not any "mère"), and their tags count as tags.
 */
export const isPerson = (entry: Pick<SubjectEntry, 'subgroup'>) => entry.subgroup.startsWith('person');
/** The word of a person's name that only says it is a person ("person swimming", "persona nadando"). */
export const GENERIC_PERSON: Record<SubjectLanguage, Set<string>> = {
  en: new Set(['person', 'man', 'woman', 'people']), es: new Set(['persona', 'hombre', 'mujer', 'personas']), fr: new Set(['personne', 'homme', 'femme', 'personnes']),
};

const SKY_SUBGROUPS = new Set(['sky-weather', 'transport-air']);
const SKY_IDS = new Set(['ghost', 'alien', 'alien-monster', 'bat', 'butterfly', 'honeybee', 'balloon', 'fireworks', 'sparkles', 'kite', 'dove', 'eagle', 'flying-saucer', 'angel', 'baby-angel', 'person-fairy', 'bubbles', 'crystal-ball']);
const GROUND_SKY_IDS = new Set(['umbrella-on-ground', 'closed-umbrella', 'snowman', 'snowman-without-snow', 'thermometer', 'seat', 'mountain-cableway', 'suspension-railway', 'aerial-tramway', 'airplane-arrival', 'airplane-departure', 'umbrella-with-rain-drops', 'umbrella', 'fire', 'droplet', 'water-wave']);
const WATER_SUBGROUPS = new Set(['animal-marine', 'transport-water']);
const WATER_IDS = new Set(['water-wave', 'shrimp', 'lobster', 'squid', 'crab', 'oyster', 'duck', 'swan', 'crocodile', 'seal', 'otter', 'beaver']);
const GROUND_WATER_IDS = new Set(['anchor']);

let built: SubjectCatalogue | null = null;

/**
 * The catalogue, made on first use and kept for the process. Stemming the annotations of three
 * languages takes the Snowball stemmers most of a second, so the stemmed entries are kept in
 * `subject-index.generated.ts` (written by `npm run subjects:index -w render-workers`) and loaded
 * from there in a few milliseconds; when the installed packages are not the ones it was made
 * from, the catalogue is made from them instead.
 */
export function subjectCatalogue(): SubjectCatalogue {
  if (!built) {
    const stored = JSON.parse(SUBJECT_INDEX) as CatalogueData;
    built = indexCatalogue(stored.sources === JSON.stringify(catalogueSources()) ? stored : buildCatalogueData());
  }
  return built;
}

/** The catalogue's entries as stored: what the index is made from. */
export interface CatalogueData {
  /** The versions of the packages it was made from. */
  sources: string;
  entries: SubjectEntry[];
}

/**
 * The version of the way the index is made from the packages (stop words, names, tags, stemming):
 * raise it when that changes, and run `npm run subjects:index -w render-workers`.
 */
export const CATALOGUE_FORMAT = '6';

/** The versions of the packages the catalogue is made from. */
export function catalogueSources(): Record<string, string> {
  const version = (name: string) => (requireModule(`${name}/package.json`) as { version: string }).version;
  return { 'emojibase-data': version('emojibase-data'), '@iconify-json/fluent-emoji': version('@iconify-json/fluent-emoji'), 'snowball-stemmers': version('snowball-stemmers'), format: CATALOGUE_FORMAT };
}

export const slug = (label: string) => stripAccents(label.toLowerCase()).replace(/[’'".!:]/g, '').replace(/[^a-z0-9]+/g, '-').replace(/^-|-$/g, '');

/** A label's or tag's words that can name a subject (stop words left out). */
export function phraseWords(text: string, language: SubjectLanguage): string[] {
  return splitWords(text).filter((w) => w.length >= 2 && !isStopWord(w, language));
}

/** The pictures of the set that are subjects, in the annotations' order: each one's emojibase entry and id (quick: nothing stemmed). */
function catalogueRows(): Array<{ e: EmojibaseEntry; id: string; group: string; subgroup: string }> {
  const meta = requireModule('emojibase-data/meta/groups.json') as { groups: Record<string, string>; subgroups: Record<string, string> };
  const en = requireModule('emojibase-data/en/data.json') as EmojibaseEntry[];
  const icons = iconNames();
  const neutral = new Set(en.map((e) => e.label));
  const rows: ReturnType<typeof catalogueRows> = [];
  for (const e of en) {
    const group = meta.groups[String(e.group)] ?? '';
    const subgroup = meta.subgroups[String(e.subgroup)] ?? '';
    if (EXCLUDED_GROUPS.has(group) || EXCLUDED_SUBGROUPS.has(subgroup)) continue;
    // Variants ("person: blond hair", "man farmer" beside "farmer", "… facing right", clock faces) add only noise.
    if (e.label.includes(':') || /o’clock|-thirty/.test(e.label)) continue;
    const gendered = /^(man|woman|men|women) (.+)$/.exec(e.label);
    if (gendered && (neutral.has(gendered[2]) || neutral.has(`person ${gendered[2]}`))) continue;
    const id = ICON_ALIASES[e.label] ?? slug(e.label);
    if (!icons.has(id) || TILE_IDS.has(id)) continue;
    rows.push({ e, id, group, subgroup });
  }
  return rows;
}

/** Pictures given words the annotations lack (their entries are the ones a change by hand touches). */
export const HAND_WORDED_IDS = [...new Set([...Object.keys(EXTRA_NAMES), ...Object.keys(EXTRA_TAGS), ...Object.values(ICON_ALIASES)])];

/**
 * The catalogue's entries made from the installed packages. Stemming every annotation in three
 * languages is the slow part: with `stem`, only the entries it keeps are stemmed, the others have
 * no phrases (the stored index's check rebuilds everything else and stems a sample).
 */
export function buildCatalogueData(stem?: (id: string) => boolean): CatalogueData {
  const data = Object.fromEntries(SUBJECT_LANGUAGES.map((l) => [l, requireModule(`emojibase-data/${l}/data.json`) as EmojibaseEntry[]])) as Record<SubjectLanguage, EmojibaseEntry[]>;
  const byHex = Object.fromEntries(SUBJECT_LANGUAGES.map((l) => [l, new Map(data[l].map((e) => [e.hexcode, e]))])) as Record<SubjectLanguage, Map<string, EmojibaseEntry>>;
  const entries: SubjectEntry[] = [];
  for (const { e, id, group, subgroup } of catalogueRows()) {
    const stemmed = !stem || stem(id);
    const names = {} as SubjectEntry['names'];
    for (const l of SUBJECT_LANGUAGES) {
      const local = byHex[l].get(e.hexcode) ?? e;
      const extraNames = EXTRA_NAMES[id]?.[l] ?? [];
      const nameSet = new Set([local.label, ...extraNames].map((t) => t.toLowerCase()));
      const tags = [...(local.tags ?? []), ...(EXTRA_TAGS[id]?.[l] ?? [])].filter((t) => !nameSet.has(t.toLowerCase()));
      // The label stays first even when all its words are stop words (an empty phrase matches nothing).
      const nameWords = [local.label, ...extraNames].map((p) => phraseWords(p, l)).filter((p, i) => i === 0 || p.length > 0);
      const kept = [...nameWords, ...tags.map((p) => phraseWords(p, l)).filter((p) => p.length > 0)];
      names[l] = { label: local.label, phrases: stemmed ? kept.map((p) => p.map((w) => stemWord(w, l))) : [], nameCount: nameWords.length, words: kept };
    }
    const placement: SubjectPlacement = (SKY_SUBGROUPS.has(subgroup) && !GROUND_SKY_IDS.has(id)) || SKY_IDS.has(id) ? 'sky'
      : (WATER_SUBGROUPS.has(subgroup) && !GROUND_WATER_IDS.has(id)) || WATER_IDS.has(id) ? 'water' : 'ground';
    entries.push({ id, emoji: e.emoji, group, subgroup, placement, prior: SUBGROUP_PRIOR[subgroup] ?? 1, names });
  }
  return { sources: JSON.stringify(catalogueSources()), entries };
}

function indexCatalogue({ entries }: CatalogueData): SubjectCatalogue {
  const languages = {} as Record<SubjectLanguage, LanguageIndex>;
  for (const l of SUBJECT_LANGUAGES) {
    const byStem = new Map<string, Array<{ entry: number; phrase: number }>>();
    const docs = new Map<string, Set<number>>();
    entries.forEach((entry, n) => {
      entry.names[l].phrases.forEach((phrase, p) => {
        for (const stem of new Set(phrase)) {
          const list = byStem.get(stem) ?? [];
          if (!list.some((x) => x.entry === n && x.phrase === p)) list.push({ entry: n, phrase: p });
          byStem.set(stem, list);
          const d = docs.get(stem) ?? new Set<number>();
          d.add(n);
          docs.set(stem, d);
        }
      });
    });
    const max = Math.log(1 + entries.length);
    const idf = new Map([...docs].map(([stem, d]) => [stem, Math.log(1 + entries.length / d.size) / max]));
    languages[l] = { byStem, idf };
  }
  return { entries, byId: new Map(entries.map((e) => [e.id, e])), languages };
}
