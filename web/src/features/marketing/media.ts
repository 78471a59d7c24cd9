import { useEffect, useState } from 'react';

/** One entry of web/public/media/manifest.json (rendered by the product's own renderer). */
export interface MediaItem {
  file: string;
  title: string;
  kind: 'sample' | 'demo' | 'guide';
  poster?: string;
}

export interface MediaManifest {
  items: MediaItem[];
  /** The manifest was read (even if it listed nothing). */
  loaded: boolean;
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

let cache: Promise<MediaItem[]> | null = null;

export function mediaUrl(file: string) {
  return file.startsWith('/') || /^https?:/.test(file) ? file : `/media/${file}`;
}

function parseManifest(json: unknown): MediaItem[] {
  const list = Array.isArray(json) ? json : (json as { items?: unknown })?.items;
  if (!Array.isArray(list)) return [];
  return list.filter(
    (i): i is MediaItem =>
      typeof i === 'object' && i !== null && typeof i.file === 'string' && typeof i.title === 'string' && ['sample', 'demo', 'guide'].includes(i.kind),
  );
}

export function loadManifest(): Promise<MediaItem[]> {
  cache ??= fetch('/media/manifest.json', { headers: { Accept: 'application/json' } })
    .then((r) => (r.ok ? r.json() : []))
    .then(parseManifest)
    .catch(() => []);
  return cache;
}

/** The manifest, read once at run time; empty until it loads or when it is missing. */
export function useMediaManifest(): MediaManifest {
  const [state, setState] = useState<MediaManifest>({ items: [], loaded: false });
  useEffect(() => {
    let alive = true;
    loadManifest().then((items) => alive && setState({ items, loaded: true }));
    return () => {
      alive = false;
    };
  }, []);
  return state;
}

export interface SampleSlot {
  title: string;
  src?: string;
  poster?: string;
}

/** Always nine slots: rendered samples first, the niche titles as fallback. */
export function sampleSlots(items: MediaItem[]): SampleSlot[] {
  const samples = items.filter((i) => i.kind === 'sample').slice(0, 9);
  const slots: SampleSlot[] = samples.map((s) => ({ title: s.title, src: mediaUrl(s.file), poster: s.poster ? mediaUrl(s.poster) : undefined }));
  for (const title of SAMPLE_TITLES) {
    if (slots.length >= 9) break;
    if (!slots.some((s) => s.title === title)) slots.push({ title });
  }
  return slots;
}
