import { ART_STYLES, ASPECT_RATIOS, DURATIONS, LANGUAGES, TOPICS, VOICES } from '@app/domain';
import { VoicePreviewButton } from '../../components/voice-preview-button';

/** The wizard's choices, from the catalogues. */
export const topicChoices = TOPICS.map((t) => ({ value: t.label, label: t.label, description: t.description }));

export const voiceChoices = VOICES.map((v) => ({
  value: v.id,
  label: v.name,
  description: v.description,
  extra: <VoicePreviewButton name={v.name} url={v.previewUrl} />,
}));

export const styleChoices = ART_STYLES.map((s) => ({
  value: s.id,
  label: s.label,
  media: <img className="style-thumb" src={`/api/art-styles/${s.id}/preview`} alt={`${s.label} art style example`} loading="lazy" width={120} height={120} />,
}));

export const ratioChoices = ASPECT_RATIOS.map((a) => ({ value: a.id, label: a.label, media: <span className={`ratio-box ratio-box--${a.id.replace(':', 'x')}`} aria-hidden /> }));

export const languageOptions = LANGUAGES.map((l) => ({ value: l.id, label: l.label }));

export const durationOptions = DURATIONS.map((d) => ({ value: d.id, label: d.label }));
