import { Resvg } from '@resvg/resvg-js';
import type { SceneSpec } from './scene';
import { mix, type Palette, type StyleLook, type SubjectLook } from './styles';
import type { PickedSubject } from './subjects/match';
import { readIcon, type IconData } from './subjects/icons';

const f = (n: number) => n.toFixed(1);

/** A subject as placed in the frame: the box its picture's drawn part fills, and its ground line. */
interface Placed {
  subject: PickedSubject;
  icon: IconData;
  /** The drawn part of the icon, in its view box. */
  box: Box;
  /** Frame position of the drawn part's centre-bottom, and its height. */
  x: number;
  base: number;
  size: number;
  depth: 'front' | 'back';
}

interface Box {
  x: number;
  y: number;
  width: number;
  height: number;
}

const boxes = new Map<string, Box>();

/** The drawn part of an icon (Fluent pictures leave a margin in their 32x32 box), measured once per process. */
function drawnBox(id: string, icon: IconData): Box {
  let box = boxes.get(id);
  if (!box) {
    const bbox = new Resvg(`<svg xmlns="http://www.w3.org/2000/svg" width="${icon.width}" height="${icon.height}" viewBox="0 0 ${icon.width} ${icon.height}">${icon.body}</svg>`, { font: { loadSystemFonts: false } }).getBBox();
    box = bbox && bbox.width > 0 && bbox.height > 0
      ? { x: Math.max(0, bbox.x), y: Math.max(0, bbox.y), width: Math.min(icon.width, bbox.width), height: Math.min(icon.height, bbox.height) }
      : { x: 0, y: 0, width: icon.width, height: icon.height };
    boxes.set(id, box);
  }
  return box;
}

/** Where a scene's subjects stand: the main one large in front, the others smaller beside and behind it. */
function layout(spec: SceneSpec, subjects: PickedSubject[], w: number, h: number): Placed[] {
  const hy = spec.horizon * h;
  const ground = hy + 0.22 * h;
  const water = hy + 0.13 * h;
  const mainSize = Math.min(0.56 * w, 0.34 * h);
  const placed: Placed[] = [];
  const clampX = (x: number, width: number) => Math.min(w - width / 2 - 0.04 * w, Math.max(width / 2 + 0.04 * w, x));
  const mainX = spec.subjectX * w;
  subjects.forEach((subject, i) => {
    const icon = readIcon(subject.id);
    if (!icon) return;
    const box = drawnBox(subject.id, icon);
    const main = i === 0;
    // Things in the sky are further away: smaller than what stands on the ground.
    const size = (main ? mainSize : mainSize * (i === 1 ? 0.5 : 0.42)) * (subject.placement === 'sky' ? 0.62 : 1);
    const widthOf = (s: number) => (s * box.width) / box.height;
    // Supporting subjects stand beside the main one, a little further back: first on its roomier side.
    const side = (mainX < w / 2 ? 1 : -1) * (i === 2 ? -1 : 1);
    const x = main ? mainX : mainX + side * (widthOf(mainSize) / 2 + widthOf(size) * 0.25);
    let base: number;
    if (subject.placement === 'sky') base = main ? hy - 0.16 * h : hy - 0.3 * h - (i - 1) * 0.06 * h;
    else if (subject.placement === 'water' && spec.backdrop === 'sea') base = main ? water + 0.04 * h : water - 0.015 * h;
    else base = main ? ground : ground - 0.035 * h;
    // Wide pictures (a train, a whale) are held to the frame's width.
    const fit = Math.min(1, (main ? 0.84 : 0.42) * w / widthOf(size));
    placed.push({ subject, icon, box, x: clampX(x, widthOf(size * fit)), base, size: size * fit, depth: main ? 'front' : 'back' });
  });
  // Back to front: the supporting subjects first.
  return [...placed.slice(1).reverse(), ...placed.slice(0, 1)];
}

/** The icon's ids made unique within the scene (one scene may hold several icons). */
function scopedBody(body: string, prefix: string): string {
  return body
    .replace(/\sid="([^"]+)"/g, ` id="${prefix}$1"`)
    .replace(/url\(#([^)]+)\)/g, `url(#${prefix}$1)`)
    .replace(/href="#([^"]+)"/g, `href="#${prefix}$1"`);
}

/** A colour matrix: saturation, then a multiply by a light colour, then a mix towards a tint. */
function gradeMatrix(saturate: number, light: [number, number, number], tint: string | null, tintAmount: number, contrast: number): string {
  const s = saturate;
  const lr = 0.2126;
  const lg = 0.7152;
  const lb = 0.0722;
  const sat = [
    [lr + (1 - lr) * s, lg - lg * s, lb - lb * s],
    [lr - lr * s, lg + (1 - lg) * s, lb - lb * s],
    [lr - lr * s, lg - lg * s, lb + (1 - lb) * s],
  ];
  const t = tint ? parseHex(tint) : [0, 0, 0];
  const a = tint ? tintAmount : 0;
  const rows = sat.map((row, c) => {
    const k = light[c] * (1 - a) * contrast;
    const offset = t[c] * a + (1 - contrast) * 0.5;
    return `${row.map((v) => (v * k).toFixed(4)).join(' ')} 0 ${offset.toFixed(4)}`;
  });
  return `${rows.join(' ')} 0 0 0 1 0`;
}

function parseHex(hex: string): [number, number, number] {
  const h = hex.replace('#', '');
  return [0, 2, 4].map((i) => Number.parseInt(h.slice(i, i + 2), 16) / 255) as [number, number, number];
}

/** How the scene's light falls on its subjects: daylight as drawn, sunset warm, night dim and blue. */
function timeLight(spec: SceneSpec, look: SubjectLook): [number, number, number] {
  if (!look.timeOfDay) return [1, 1, 1];
  if (spec.time === 'night') return [0.62, 0.68, 0.92];
  if (spec.time === 'sunset') return [1.04, 0.88, 0.76];
  return [1, 1, 1];
}

function posterize(levels: number): string {
  const table = Array.from({ length: levels }, (_, i) => (i / (levels - 1)).toFixed(3)).join(' ');
  return `<feComponentTransfer in="g" result="g"><feFuncR type="discrete" tableValues="${table}"/><feFuncG type="discrete" tableValues="${table}"/><feFuncB type="discrete" tableValues="${table}"/></feComponentTransfer>`;
}

/**
 * A shape grown by `r` in every direction: the shape moved eight ways and merged (resvg's feMorphology
 * walks a (2r+1)² window per pixel and cost a third of a scene's rendering).
 */
function dilate(input: string, r: number, result: string): string {
  const d = r * Math.SQRT1_2;
  const moves: Array<[number, number]> = [[r, 0], [-r, 0], [0, r], [0, -r], [d, d], [-d, d], [d, -d], [-d, -d]];
  return moves.map(([dx, dy], k) => `<feOffset in="${input}" dx="${f(dx)}" dy="${f(dy)}" result="${result}${k}"/>`).join('')
    + `<feMerge result="${result}">${moves.map((_, k) => `<feMergeNode in="${result}${k}"/>`).join('')}</feMerge>`;
}

/** The style's treatment of one subject, as an SVG filter (its sizes in frame units). */
function subjectFilter(id: string, spec: SceneSpec, look: StyleLook, p: Palette, unit: number, role: 'front' | 'back'): string {
  const s = look.subject;
  const parts: string[] = [];
  const light = timeLight(spec, s);
  if (s.mode === 'neon') {
    const edge = role === 'front' ? p.subject : p.mid;
    parts.push(`<feColorMatrix in="SourceGraphic" type="matrix" values="${gradeMatrix(0.4, [0.35, 0.3, 0.55], '#0a0420', 0.55, 1)}" result="body"/>`);
    parts.push(`${dilate('SourceAlpha', unit * 0.45, 'd')}<feComposite in="d" in2="SourceAlpha" operator="out" result="ring"/>`);
    parts.push(`<feFlood flood-color="${edge}"/><feComposite in2="ring" operator="in" result="edge"/><feGaussianBlur in="edge" stdDeviation="${f(unit * 0.9)}" result="glow"/>`);
    parts.push('<feMerge><feMergeNode in="glow"/><feMergeNode in="glow"/><feMergeNode in="body"/><feMergeNode in="edge"/></feMerge>');
  } else if (s.mode === 'silhouette') {
    // Scary red: black shapes with a little of their detail, rimmed with the light behind them.
    parts.push(`<feColorMatrix in="SourceGraphic" type="matrix" values="${gradeMatrix(0, [0.22, 0.04, 0.03], '#050000', 0.3, 1.2)}" result="body"/>`);
    parts.push(`${dilate('SourceAlpha', unit * 0.3, 'd')}<feComposite in="d" in2="SourceAlpha" operator="out" result="ring"/>`);
    parts.push(`<feFlood flood-color="${p.subjectDetail}"/><feComposite in2="ring" operator="in" result="edge"/><feGaussianBlur in="edge" stdDeviation="${f(unit * 0.6)}" result="glow"/>`);
    parts.push('<feMerge><feMergeNode in="glow"/><feMergeNode in="body"/></feMerge>');
  } else {
    const input = s.mode === 'gray' ? 'SourceGraphic' : 'SourceGraphic';
    parts.push(`<feColorMatrix in="${input}" type="matrix" values="${gradeMatrix(s.mode === 'gray' ? 0 : s.saturate, light, s.tint ? (p as Record<string, string>)[s.tint] ?? s.tint : null, s.tintAmount, s.contrast)}" result="g"/>`);
    if (s.posterize > 1) parts.push(posterize(s.posterize));
    if (s.wobble > 0) {
      parts.push(`<feTurbulence type="fractalNoise" baseFrequency="${(0.02 * (1080 / (unit * 100))).toFixed(4)}" numOctaves="2" seed="${spec.rng.int(1, 999)}" result="n"/><feDisplacementMap in="g" in2="n" scale="${f(unit * s.wobble)}" xChannelSelector="R" yChannelSelector="G" result="g"/>`);
      parts.push(`<feGaussianBlur in="g" stdDeviation="${f(unit * 0.35)}" result="soft"/><feComponentTransfer in="soft" result="soft"><feFuncA type="linear" slope="0.55"/></feComponentTransfer><feMerge result="g"><feMergeNode in="soft"/><feMergeNode in="g"/></feMerge>`);
    }
    if (s.outline > 0) {
      const color = s.outlineColor ? (p as Record<string, string>)[s.outlineColor] ?? s.outlineColor : p.outline;
      parts.push(dilate(s.wobble > 0 ? 'g' : 'SourceAlpha', unit * s.outline * (role === 'front' ? 1 : 0.7), 'd'));
      parts.push(`<feFlood flood-color="${color}" flood-opacity="${s.outlineOpacity}"/><feComposite in2="d" operator="in" result="o"/>`);
      parts.push('<feMerge><feMergeNode in="o"/><feMergeNode in="g"/></feMerge>');
    }
    if (role === 'back' && s.depthBlur > 0) parts.push(`<feGaussianBlur stdDeviation="${f(unit * s.depthBlur)}"/>`);
  }
  return `<filter id="${id}" x="-8%" y="-8%" width="116%" height="116%" color-interpolation-filters="sRGB">${parts.join('')}</filter>`;
}

/**
 * The scene's subjects drawn in the style: each picture stands on the ground (or floats, or sits
 * in the water) with a soft shadow under it, graded by the scene's light and finished the style's
 * way (outline, posterized cel shading, pencil grey, neon edge, watercolour bleed…).
 */
export function subjectsSvg(spec: SceneSpec, subjects: PickedSubject[], look: StyleLook, p: Palette, w: number, h: number, defs: string[]): string {
  if (subjects.length === 0) return '';
  const unit = Math.min(w, h) / 100;
  const placed = layout(spec, subjects, w, h);
  const out: string[] = [];
  const shadowOpacity = look.subject.mode === 'neon' ? 0.5 : spec.time === 'night' ? 0.28 : 0.36;
  const sunSide = spec.celestial.x < 0.5 ? 1 : -1;
  defs.push(`<filter id="subject-shadow" x="-30%" y="-100%" width="160%" height="300%"><feGaussianBlur stdDeviation="${f(unit * 1.1)}"/></filter>`);
  let shadows = '';
  let ripples = '';
  for (const item of placed) {
    const width = (item.size * item.box.width) / item.box.height;
    if (item.subject.placement === 'sky') {
      shadows += `<ellipse cx="${f(item.x)}" cy="${f(spec.horizon * h + 0.2 * h)}" rx="${f(width * 0.22)}" ry="${f(width * 0.035)}" fill="#000" opacity="${(shadowOpacity * 0.35).toFixed(2)}"/>`;
    } else if (item.subject.placement === 'water' && spec.backdrop === 'sea') {
      for (let k = 0; k < 3; k++) ripples += `<ellipse cx="${f(item.x)}" cy="${f(item.base - item.size * 0.02 + k * unit * 1.2)}" rx="${f(width * (0.55 + k * 0.14))}" ry="${f(unit * (1.2 + k * 0.7))}" fill="none" stroke="${mix(p.water, '#ffffff', 0.55)}" stroke-width="${f(unit * 0.35)}" opacity="${(0.7 - k * 0.18).toFixed(2)}"/>`;
    } else {
      // A sunset's low sun throws the shadow long, away from it.
      const long = spec.time === 'sunset' ? 1.5 : 1;
      shadows += `<ellipse cx="${f(item.x + sunSide * width * 0.12 * (long - 1) * 2)}" cy="${f(item.base - item.size * 0.01)}" rx="${f(width * 0.46 * long)}" ry="${f(width * 0.075)}" fill="${look.subject.mode === 'neon' ? p.subject : '#000'}" opacity="${shadowOpacity.toFixed(2)}"/>`;
    }
  }
  // In the sea around a swimmer, something that stands needs a rock of its own to stand on.
  const waterMain = placed.some((item) => item.depth === 'front' && item.subject.placement === 'water');
  if (spec.backdrop === 'sea' && waterMain) {
    for (const item of placed) {
      if (item.subject.placement !== 'ground') continue;
      const width = (item.size * item.box.width) / item.box.height;
      out.push(`<path d="M${f(item.x - width * 0.75)} ${f(item.base + unit * 2)} Q${f(item.x)} ${f(item.base - unit * 4)} ${f(item.x + width * 0.75)} ${f(item.base + unit * 2)} Z" fill="${p.near}"${look.outline > 0 ? ` stroke="${p.outline}" stroke-width="${look.outline}"` : ''}/>`);
    }
  }
  if (shadows) out.push(`<g filter="url(#subject-shadow)">${shadows}</g>`);
  placed.forEach((item, n) => {
    const k = item.size / item.box.height;
    const tx = item.x - (item.box.x + item.box.width / 2) * k;
    const ty = item.base - (item.box.y + item.box.height) * k;
    const filterId = `subject-look-${n}`;
    defs.push(subjectFilter(filterId, spec, look, p, unit, item.depth));
    const flip = item.depth === 'back' && item.x > spec.subjectX * w && item.subject.placement !== 'sky' ? -1 : 1;
    const transform = flip === 1
      ? `translate(${f(tx)} ${f(ty)}) scale(${k.toFixed(4)})`
      : `translate(${f(tx + (item.box.x * 2 + item.box.width) * k)} ${f(ty)}) scale(${(-k).toFixed(4)} ${k.toFixed(4)})`;
    // A posterized (cel, poster, pixel) look flattens the set's soft highlights anyway: drawn without their blurs.
    const body = look.subject.posterize > 1 ? item.icon.body.replace(/\sfilter="url\(#[^)]+\)"/g, '') : item.icon.body;
    defs.push(`<g id="subject-${n}" transform="${transform}">${scopedBody(body, `s${n}-`)}</g>`);
    out.push(`<g filter="url(#${filterId})"><use href="#subject-${n}"/></g>`);
    if (look.subject.mode === 'gray' && look.hatch) {
      // Pencil: cross-hatching where the picture is dark.
      defs.push(`<filter id="subject-ink-${n}" color-interpolation-filters="sRGB"><feColorMatrix type="matrix" values="-0.9 -1.8 -0.3 0 1.6 -0.9 -1.8 -0.3 0 1.6 -0.9 -1.8 -0.3 0 1.6 0 0 0 1 0"/></filter>`);
      defs.push(`<mask id="subject-mask-${n}"><g filter="url(#subject-ink-${n})"><use href="#subject-${n}"/></g></mask>`);
      const width = (item.size * item.box.width) / item.box.height;
      out.push(`<rect x="${f(item.x - width)}" y="${f(item.base - item.size * 1.1)}" width="${f(width * 2)}" height="${f(item.size * 1.2)}" fill="url(#cross)" mask="url(#subject-mask-${n})" opacity="0.8"/>`);
    }
    if (item.subject.placement === 'water' && spec.backdrop === 'sea') {
      // The water line: the lowest part of a swimmer or a boat is under the surface.
      const cover = item.size * 0.16;
      defs.push(`<linearGradient id="subject-water-${n}" x1="0" y1="0" x2="0" y2="1"><stop offset="0" stop-color="${p.water}" stop-opacity="0.15"/><stop offset="1" stop-color="${p.water}" stop-opacity="0.92"/></linearGradient>`);
      const width = (item.size * item.box.width) / item.box.height;
      out.push(`<rect x="${f(item.x - width * 0.6)}" y="${f(item.base - cover)}" width="${f(width * 1.2)}" height="${f(cover + unit)}" fill="url(#subject-water-${n})"/>`);
    }
  });
  if (ripples) out.push(ripples);
  return out.join('');
}
