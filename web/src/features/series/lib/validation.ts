import { CUSTOM_TOPIC, SERIES_FIELD_TOASTS, seriesFormSchema } from '@app/domain';

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

const ORDER: SeriesField[] = ['topic', 'customPrompt', 'narrationVoice', 'artStyle', 'aspectRatio', 'language', 'duration'];

/** Validates with the shared schema; returns the first message per failing field, in form order. */
export function validateSeries(values: SeriesValues): Partial<Record<SeriesField, string>> {
  const result = seriesFormSchema.safeParse(values);
  if (result.success) return {};
  const errors: Partial<Record<SeriesField, string>> = {};
  for (const issue of result.error.issues) {
    const key = issue.path[0] as SeriesField | undefined;
    if (key && !errors[key]) errors[key] = issue.message;
  }
  const ordered: Partial<Record<SeriesField, string>> = {};
  for (const key of ORDER) if (errors[key]) ordered[key] = errors[key];
  return ordered;
}

/** 'Missing Required Fields' lists the missing fields, e.g. 'Narrator, Art Style'. */
export function missingFieldsText(errors: Partial<Record<SeriesField, string>>): string {
  return (Object.keys(errors) as SeriesField[]).map((k) => FIELD_LABELS[k]).join(', ');
}

/**
 * The page handler's own re-check (spec section 5): the first failing field's toast,
 * in the handler's order, or undefined when every field is there.
 */
export function fieldRecheckToast(values: SeriesValues): string | undefined {
  if (!values.topic?.trim()) return SERIES_FIELD_TOASTS.topic;
  if (values.topic === CUSTOM_TOPIC && !values.customPrompt?.trim()) return SERIES_FIELD_TOASTS.customPrompt;
  if (!values.narrationVoice) return SERIES_FIELD_TOASTS.narrationVoice;
  if (!values.artStyle) return SERIES_FIELD_TOASTS.artStyle;
  if (!values.language) return SERIES_FIELD_TOASTS.language;
  if (!values.duration) return SERIES_FIELD_TOASTS.duration;
  return undefined;
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
