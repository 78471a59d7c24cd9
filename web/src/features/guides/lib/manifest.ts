/** Guide clips listed in web/public/media/manifest.json (entries of kind 'guide', rendered by the product). */
export interface GuideClip {
  file: string;
  title: string;
  poster?: string;
}

/** The six guides (spec section 2), in display order. */
export const GUIDE_TITLES = [
  'How to use custom topics',
  'Linking your social accounts',
  'Changing the posting schedule',
  'What is this product?',
  'Dashboard overview',
  'Series overview',
] as const;

export function mediaUrl(file: string): string {
  return file.startsWith('/') || /^https?:/.test(file) ? file : `/media/${file}`;
}

export function guidesFrom(json: unknown): GuideClip[] {
  const list = Array.isArray(json) ? json : (json as { items?: unknown } | null)?.items;
  if (!Array.isArray(list)) return [];
  return list
    .filter((i): i is GuideClip & { kind: string } => typeof i === 'object' && i !== null && i.kind === 'guide' && typeof i.file === 'string')
    .map((i) => ({ file: mediaUrl(i.file), title: typeof i.title === 'string' ? i.title : '', poster: i.poster ? mediaUrl(i.poster) : undefined }));
}

/** Six slots: a clip per guide title (matched by title, else in order), or none yet. */
export function guideSlots(clips: GuideClip[]): { title: string; clip?: GuideClip }[] {
  const unused = [...clips];
  return GUIDE_TITLES.map((title) => {
    const byTitle = unused.findIndex((c) => c.title.toLowerCase() === title.toLowerCase());
    const index = byTitle >= 0 ? byTitle : 0;
    const clip = unused.length ? unused.splice(index, 1)[0] : undefined;
    return { title, clip };
  });
}
