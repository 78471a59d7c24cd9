import { CUSTOM_TOPIC, SERIES_FIELD_TOASTS, seriesFormSchema } from '@app/domain';
import type { SeriesField, SeriesValues } from './series-form';

export * from './series-form';

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

/** The form's values as the shared schema reads them (the request is built from these). */
export const parseSeriesForm = (values: SeriesValues) => seriesFormSchema.parse(values);

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
