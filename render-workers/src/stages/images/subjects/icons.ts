import { closeSync, openSync, readFileSync, readSync } from 'node:fs';
import { createRequire } from 'node:module';

/**
 * The Fluent Emoji illustrations (MIT, Microsoft) in Iconify JSON form: about 3,200 colour
 * pictures, 32x32 view box each. The set is one 100 MB JSON file; parsing it whole takes a second
 * and a few hundred MB, so the file is scanned once per process for where each icon's entry lies
 * and an icon is read from disk and parsed when a scene first uses it.
 */
export interface IconData {
  body: string;
  width: number;
  height: number;
}

const requireModule = createRequire(__filename);
const ICON_SET = '@iconify-json/fluent-emoji/icons.json';

interface IconTable {
  path: string;
  /** Byte span of each icon's `"name": {…}` entry. */
  spans: Map<string, [number, number]>;
  /** Aliases (`{parent, hFlip}`) by name. */
  aliases: Map<string, { parent: string; hFlip?: boolean }>;
  width: number;
  height: number;
  /** Filled when the file's layout was not the one scanned for: the whole set, parsed. */
  parsed: Record<string, { body: string; width?: number; height?: number }> | null;
}

let table: IconTable | null = null;
const cache = new Map<string, IconData | null>();

export function iconSetPath(): string {
  return requireModule.resolve(ICON_SET);
}

function load(): IconTable {
  if (table) return table;
  const path = iconSetPath();
  const buf = readFileSync(path);
  const spans = new Map<string, [number, number]>();
  // The set is written one key per line, icons two tabs deep: `\n\t\t"name": {` … `\n\t\t}`.
  const iconsStart = buf.indexOf('\n\t"icons": {');
  // The icons end where the set's other keys (aliases, width, height…) begin.
  const rest = buf.indexOf('\n\t},\n\t"', iconsStart);
  const end = rest > 0 ? rest : buf.length;
  const marker = Buffer.from('\n\t\t"');
  let at = iconsStart > 0 ? buf.indexOf(marker, iconsStart) : -1;
  while (at >= 0 && at < end) {
    const next = buf.indexOf(marker, at + 1);
    const stop = next >= 0 && next < end ? next : end;
    const nameEnd = buf.indexOf('"', at + marker.length);
    spans.set(buf.toString('utf8', at + marker.length, nameEnd), [at + 3, stop]);
    at = next;
  }
  let meta: { aliases?: Record<string, { parent: string; hFlip?: boolean }>; width?: number; height?: number } = {};
  try {
    meta = JSON.parse(`{${buf.toString('utf8', end + 4)}`) as typeof meta;
  } catch {
    spans.clear();
  }
  let aliases = new Map(Object.entries(meta.aliases ?? {}));
  let parsed: IconTable['parsed'] = null;
  if (spans.size < 100) {
    // Another layout: parse the set whole (slow, but right).
    const whole = JSON.parse(buf.toString('utf8')) as { icons: NonNullable<IconTable['parsed']>; aliases?: Record<string, { parent: string; hFlip?: boolean }>; width?: number; height?: number };
    parsed = whole.icons;
    aliases = new Map(Object.entries(whole.aliases ?? {}));
    for (const name of Object.keys(parsed)) spans.set(name, [0, 0]);
  }
  table = { path, spans, aliases, width: meta.width ?? 32, height: meta.height ?? 32, parsed };
  return table;
}

/** Every icon name in the set (aliases included). */
export function iconNames(): Set<string> {
  const t = load();
  return new Set([...t.spans.keys(), ...t.aliases.keys()]);
}

/** One icon's SVG body and view box, read when first asked for; null for a name the set lacks. */
export function readIcon(name: string): IconData | null {
  if (cache.has(name)) return cache.get(name)!;
  const t = load();
  let icon: IconData | null = null;
  const alias = t.aliases.get(name);
  if (alias) {
    const parent = readIcon(alias.parent);
    icon = parent && alias.hFlip ? { ...parent, body: `<g transform="translate(${parent.width} 0) scale(-1 1)">${parent.body}</g>` } : parent;
  } else if (t.parsed) {
    const entry = t.parsed[name];
    icon = entry ? { body: entry.body, width: entry.width ?? t.width, height: entry.height ?? t.height } : null;
  } else {
    const span = t.spans.get(name);
    if (span) {
      const bytes = Buffer.alloc(span[1] - span[0]);
      const fd = openSync(t.path, 'r');
      try {
        readSync(fd, bytes, 0, bytes.length, span[0]);
      } finally {
        closeSync(fd);
      }
      const entry = JSON.parse(`{${bytes.toString('utf8').replace(/,\s*$/, '')}}`) as Record<string, { body: string; width?: number; height?: number }>;
      const data = entry[name];
      icon = data ? { body: data.body, width: data.width ?? t.width, height: data.height ?? t.height } : null;
    }
  }
  cache.set(name, icon);
  return icon;
}
