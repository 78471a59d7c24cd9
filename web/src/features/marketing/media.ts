import manifest from '../../../public/media/manifest.json';

/** One entry of web/public/media/manifest.json (rendered by the product's own renderer). */
export interface MediaItem {
  file: string;
  title: string;
  kind: 'sample' | 'demo' | 'guide';
  poster?: string;
}

/** The nine sample niches shown until the rendered files exist. */
export const SAMPLE_TITLES = [
  'Scary Stories',
  'Interesting History',
  'Fun Facts',
  'Travel Destinations',
  'Motivational',
  'Urban Legends',
  'What If?',
  'Life Pro Tips',
  'Philosophy',
] as const;

export function mediaUrl(file: string) {
  return file.startsWith('/') || /^https?:/.test(file) ? file : `/media/${file}`;
}

/**
 * The same poster in the formats the build makes from each JPEG (AVIF, WebP; `build/posters.ts`),
 * smallest first, for a `<picture>` (a video's poster takes the AVIF the page already has).
 */
export function posterSources(poster: string): { avif: string; webp: string; jpeg: string } {
  const url = mediaUrl(poster);
  const base = url.replace(/\.jpe?g$/i, '');
  return { avif: `${base}.avif`, webp: `${base}.webp`, jpeg: url };
}

export function parseManifest(json: unknown): MediaItem[] {
  const list = Array.isArray(json) ? json : (json as { items?: unknown })?.items;
  if (!Array.isArray(list)) return [];
  return list.filter(
    (i): i is MediaItem =>
      typeof i === 'object' && i !== null && typeof i.file === 'string' && typeof i.title === 'string' && ['sample', 'demo', 'guide'].includes(i.kind),
  );
}

/**
 * The rendered demo and samples, read from the manifest when the app is built: the landing page is
 * prerendered with them, so its first paint (and a visitor without JavaScript) shows the posters.
 */
export const MEDIA: MediaItem[] = parseManifest(manifest);

export interface SampleSlot {
  title: string;
  src?: string;
  /** The sample's poster in each format (`posterSources`). */
  poster?: ReturnType<typeof posterSources>;
}

/** Always nine slots: rendered samples first, the niche titles as fallback. */
export function sampleSlots(items: MediaItem[]): SampleSlot[] {
  const samples = items.filter((i) => i.kind === 'sample').slice(0, 9);
  const slots: SampleSlot[] = samples.map((s) => ({ title: s.title, src: mediaUrl(s.file), poster: s.poster ? posterSources(s.poster) : undefined }));
  for (const title of SAMPLE_TITLES) {
    if (slots.length >= 9) break;
    if (!slots.some((s) => s.title === title)) slots.push({ title });
  }
  return slots;
}
