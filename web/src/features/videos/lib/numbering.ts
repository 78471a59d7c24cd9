/** Cards show 6 per page (spec section 9). */
export const PAGE_SIZE = 6;
/** The oldest video is #1001; the newest has the highest number (spec section 2). */
export const FIRST_CARD_NUMBER = 1001;

/** Display number of the video at `index` in a newest-first list of `total` videos. */
export function cardNumber(index: number, total: number): number {
  return FIRST_CARD_NUMBER + (total - 1 - index);
}

export function paginate<T>(items: readonly T[], size = PAGE_SIZE): T[][] {
  const pages: T[][] = [];
  for (let i = 0; i < items.length; i += size) pages.push(items.slice(i, i + size));
  return pages;
}

/** The day a video was made, in the visitor's time zone, or in `timeZone` (a page drawn on the server says UTC's, then the visitor's). */
export function formatCreatedAt(createdAt: string, timeZone?: string): string {
  const date = new Date(createdAt);
  if (Number.isNaN(date.getTime())) return '';
  return date.toLocaleDateString('en-US', { month: 'short', day: 'numeric', year: 'numeric', timeZone });
}

/** Duration in whole seconds. */
export function wholeSeconds(duration: number): string {
  return `${Math.round(Number.isFinite(duration) ? duration : 0)}s`;
}
