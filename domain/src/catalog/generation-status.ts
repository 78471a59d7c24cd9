/** Generation status vocabulary, percents and messages (spec section 4). */
export const GENERATION_STATUSES = ['start', 'script', 'audio', 'images', 'video', 'uploading', 'done'] as const;
export type GenerationStatus = (typeof GENERATION_STATUSES)[number];
/** A video whose render gave up after its retries; not in the spec's table, shown with its reason. */
export type VideoStatus = GenerationStatus | 'failed';

export const STATUS_TABLE: Record<GenerationStatus, { percent: number; message: string }> = {
  start: { percent: 10, message: 'Crafting a beautiful script ...' },
  script: { percent: 25, message: 'Hiring Narrator to voice over ...' },
  audio: { percent: 45, message: 'Artists working hard ...' },
  images: { percent: 75, message: 'Editors rendering the video ...' },
  video: { percent: 95, message: 'Final Touches ...' },
  uploading: { percent: 99, message: 'Final Touches ...' },
  done: { percent: 100, message: 'Doneeee!' },
};

export const STATUS_BEFORE_ANY = 'Starting to generate video ...';

export function statusProgress(status: string | undefined | null): { percent: number; message: string } {
  if (status && status in STATUS_TABLE) return STATUS_TABLE[status as GenerationStatus];
  return { percent: 0, message: '' };
}

export function statusRank(status: GenerationStatus): number {
  return GENERATION_STATUSES.indexOf(status);
}
