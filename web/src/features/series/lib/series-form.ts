/**
 * The series form's values and the checks of them that need no schema: what step 1 needs to move
 * on, and the wording of what is missing. The schema's own check (lib/validation.ts) brings zod
 * with it, and is loaded when the form is submitted.
 */
import { CUSTOM_TOPIC } from '@app/domain';

export interface SeriesValues {
  topic?: string;
  customPrompt?: string;
  narrationVoice?: string;
  artStyle?: string;
  aspectRatio?: string;
  language?: string;
  duration?: string;
}

export type SeriesField = keyof SeriesValues;

export const FIELD_LABELS: Record<SeriesField, string> = {
  topic: 'Topic',
  customPrompt: 'Custom Topic',
  narrationVoice: 'Narrator',
  artStyle: 'Art Style',
  aspectRatio: 'Aspect Ratio',
  language: 'Language',
  duration: 'Duration',
};

/** 'Missing Required Fields' lists the missing fields, e.g. 'Narrator, Art Style'. */
export function missingFieldsText(errors: Partial<Record<SeriesField, string>>): string {
  return (Object.keys(errors) as SeriesField[]).map((k) => FIELD_LABELS[k]).join(', ');
}

/** Step 1 may advance only with a topic, and the custom text for Custom Topic. */
export function canLeaveTopicStep(values: SeriesValues): boolean {
  if (!values.topic) return false;
  if (values.topic === CUSTOM_TOPIC) return Boolean(values.customPrompt?.trim());
  return true;
}

/** The services that answered unavailable, for 'Some required services are unavailable: {list}'. */
export function unavailableServices(services: Record<string, { available: boolean }> | undefined): string[] {
  return Object.entries(services ?? {})
    .filter(([, s]) => !s.available)
    .map(([name]) => name);
}
