export * from './topics';
export * from './voices';
export * from './art-styles';
export * from './formats';
export * from './plans';
export * from './generation-status';
export * from './studio';

import { TOPICS } from './topics';
import { VOICES } from './voices';
import { ART_STYLES } from './art-styles';
import { ASPECT_RATIOS, LANGUAGES, DURATIONS } from './formats';
import { PLANS, annualPrice, annualPricePerMonth } from './plans';
import { CAPTION_POSITIONS, CAPTION_PRESETS, CAPTION_SIZES, MUSIC_MOODS } from './studio';

/** What `GET /api/catalog` answers: one source for the web app and API clients. */
export function catalog() {
  return {
    topics: TOPICS,
    voices: VOICES,
    artStyles: ART_STYLES.map((s) => ({ id: s.id, label: s.label, previewUrl: `/api/art-styles/${s.id}/preview` })),
    aspectRatios: ASPECT_RATIOS,
    languages: LANGUAGES,
    durations: DURATIONS,
    plans: PLANS.map((p) => ({ ...p, annualPrice: annualPrice(p), annualPricePerMonth: annualPricePerMonth(p) })),
    captionPresets: CAPTION_PRESETS.map((p) => ({ ...p, previewUrl: `/api/caption-presets/${p.id}/preview` })),
    captionPositions: CAPTION_POSITIONS,
    captionSizes: CAPTION_SIZES,
    musicMoods: MUSIC_MOODS,
  };
}
export type Catalog = ReturnType<typeof catalog>;
