/**
 * The lengths a video's caption and title may have. Kept apart from the schemas that check them
 * (schemas/video.ts re-exports them) so a client that shows a counter loads no zod with it.
 */
export const CAPTION_MAX = 2000;
export const TITLE_MAX = 100;
