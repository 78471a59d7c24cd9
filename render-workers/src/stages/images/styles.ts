import type { Role, SceneSpec, TimeOfDay } from './scene';

/** How each of the 12 art styles draws a scene: palette, line, shading, texture and finish. */
export type PaletteKey = Role | 'skyTop' | 'skyBottom' | 'celestial' | 'particle' | 'outline';
export type Palette = Record<PaletteKey, string>;

/** How a style draws the scene's subjects (the illustration set's pictures). Sizes in frame units (1/100 of the short side). */
export interface SubjectLook {
  mode: 'colour' | 'gray' | 'neon' | 'silhouette';
  saturate: number;
  contrast: number;
  /** Mixed in: a palette key or a colour, and how much. */
  tint: string | null;
  tintAmount: number;
  /** Levels per channel (cel shading, poster, pixel palette); 0 keeps the gradients. */
  posterize: number;
  outline: number;
  /** A palette key or a colour (default: the palette's outline). */
  outlineColor: string | null;
  outlineOpacity: number;
  /** Watercolour: edges moved by paper noise, colour bleeding out. */
  wobble: number;
  /** Blur of the supporting subjects behind the main one (a lens's depth of field). */
  depthBlur: number;
  /** Lit by the scene's time of day (a fixed-palette style keeps its own colours). */
  timeOfDay: boolean;
}

export interface StyleLook {
  /** SVG render size relative to the frame (low for pixel/lego, half for soft styles). */
  renderScale: number;
  upscale: 'neighbor' | 'bicubic';
  outline: number;
  shading: 'flat' | 'gradient' | 'cel';
  glow: boolean;
  hatch: boolean;
  wash: boolean;
  halftone: boolean;
  /** Gaussian blur of the far layers, in frame pixels. */
  depthBlur: number;
  fog: string | null;
  frame: 'none' | 'comic' | 'poster';
  grid: boolean;
  studs: boolean;
  /** ffmpeg filters applied after the upscale. */
  post: string;
  subject: SubjectLook;
  palette(time: TimeOfDay): Palette;
}

export function mix(a: string, b: string, t: number): string {
  const pa = parse(a);
  const pb = parse(b);
  const c = pa.map((v, i) => Math.round(v + (pb[i] - v) * t));
  return `#${c.map((v) => v.toString(16).padStart(2, '0')).join('')}`;
}
function parse(hex: string): number[] {
  const h = hex.replace('#', '');
  return [0, 2, 4].map((i) => Number.parseInt(h.slice(i, i + 2), 16));
}

const base = (p: Partial<Palette> & Pick<Palette, 'skyTop' | 'skyBottom' | 'far' | 'mid' | 'ground'>): Palette => ({
  near: p.ground,
  water: p.skyTop,
  subject: '#2a2a35',
  subjectDetail: '#ffffff',
  light: '#ffffff',
  window: '#ffd66b',
  road: '#5b5560',
  cloud: '#ffffff',
  foliage: '#2f7a3c',
  trunk: '#6b4226',
  celestial: '#fff3b0',
  particle: '#ffffff',
  outline: '#1a1423',
  ...p,
});

/** Day palette turned to sunset or night by mixing towards the time's light. */
function timed(day: Palette, sunset: Partial<Palette>, night: Partial<Palette>): (time: TimeOfDay) => Palette {
  return (time) => {
    if (time === 'day') return day;
    const tint = time === 'night' ? '#0b1030' : '#ff7a3c';
    const amount = time === 'night' ? 0.55 : 0.25;
    const shifted = Object.fromEntries(Object.entries(day).map(([k, v]) => [k, mix(v, tint, amount)])) as Palette;
    return { ...shifted, window: day.window, ...(time === 'night' ? night : sunset) };
  };
}

const subject = (s: Partial<SubjectLook> = {}): SubjectLook => ({
  mode: 'colour', saturate: 1, contrast: 1, tint: null, tintAmount: 0, posterize: 0, outline: 0, outlineColor: null, outlineOpacity: 1, wobble: 0, depthBlur: 0, timeOfDay: true, ...s,
});

const look = (l: Partial<Omit<StyleLook, 'subject'>> & Pick<StyleLook, 'palette'> & { subject?: Partial<SubjectLook> }): StyleLook => ({
  renderScale: 1, upscale: 'bicubic', outline: 0, shading: 'flat', glow: false, hatch: false, wash: false, halftone: false,
  depthBlur: 0, fog: null, frame: 'none', grid: false, studs: false, post: '', ...l, subject: subject(l.subject),
});

const STYLE_LOOKS: Record<string, StyleLook> = {
  anime: look({
    subject: { saturate: 1.15, posterize: 6, outline: 0.55 },
    // Flat cel shapes upscale cleanly: drawn at 0.6 of the frame (the subjects made 0.75 slower than before).
    outline: 4, shading: 'cel', renderScale: 0.6,
    palette: timed(base({ skyTop: '#2f8cff', skyBottom: '#bfe8ff', far: '#7fb3e8', mid: '#4fa36a', ground: '#6cc46f', subject: '#ff5f7e', foliage: '#2fa35a', water: '#2aa7e0', light: '#e8fbff' }),
      { skyTop: '#5a3fa8', skyBottom: '#ffb36b', celestial: '#ffe08a' }, { skyTop: '#0d1550', skyBottom: '#3b3f99', celestial: '#f5f2ff' }),
    post: 'eq=saturation=1.25',
  }),
  lego: look({
    subject: { saturate: 1.35, posterize: 3, contrast: 1.1 },
    renderScale: 1 / 36, upscale: 'neighbor', studs: true,
    palette: timed(base({ skyTop: '#0a6ad6', skyBottom: '#62b5ff', far: '#8a8f99', mid: '#237841', ground: '#4b9f4a', subject: '#e3000b', subjectDetail: '#ffd500', window: '#ffd500', foliage: '#00852b', trunk: '#7c4a1e', water: '#0055bf', road: '#6b6e73', cloud: '#f4f4f4' }),
      { skyTop: '#c8501e', skyBottom: '#ffb000' }, { skyTop: '#0b1a3f', skyBottom: '#1f3a7a', celestial: '#f2f2f2' }),
  }),
  comic: look({
    subject: { saturate: 1.3, contrast: 1.1, posterize: 4, outline: 0.9, outlineColor: '#000000' },
    outline: 9, halftone: true, frame: 'comic', renderScale: 0.6,
    palette: timed(base({ skyTop: '#ffd400', skyBottom: '#ff8a00', far: '#00a2e8', mid: '#e4002b', ground: '#3fb049', subject: '#1d4fd8', subjectDetail: '#ffffff', water: '#00a2e8', cloud: '#ffffff', foliage: '#0a8f3c', celestial: '#ffffff', outline: '#000000' }),
      { skyTop: '#ff3b30', skyBottom: '#ffd400' }, { skyTop: '#1b1464', skyBottom: '#6a1b9a', celestial: '#fff176' }),
    post: 'eq=contrast=1.1:saturation=1.2',
  }),
  disney: look({
    subject: { saturate: 1.12, contrast: 1.03, outline: 0.35, outlineColor: '#ffffff', outlineOpacity: 0.55 },
    shading: 'gradient', renderScale: 0.5, depthBlur: 6, glow: false,
    palette: timed(base({ skyTop: '#6fb7ff', skyBottom: '#ffe6c7', far: '#a9c8f0', mid: '#7ccf8a', ground: '#9be07a', subject: '#ff9f43', subjectDetail: '#fff6e0', foliage: '#3fbf6f', water: '#49b6ff', cloud: '#fffaf0', celestial: '#fff7c2' }),
      { skyTop: '#8a5cf5', skyBottom: '#ffc48a' }, { skyTop: '#1c1f5e', skyBottom: '#6b5bd6', celestial: '#fffbe0', particle: '#fff1a8' }),
    post: 'eq=saturation=1.15:brightness=0.03',
  }),
  ghibli: look({
    subject: { saturate: 0.88, tint: '#f3e2c0', tintAmount: 0.12, outline: 0.28, outlineColor: '#3d3a2c', outlineOpacity: 0.55, depthBlur: 0.25 },
    shading: 'gradient', renderScale: 0.5, depthBlur: 10,
    palette: timed(base({ skyTop: '#5aa9e6', skyBottom: '#dff3ff', far: '#9cc7c9', mid: '#7fb069', ground: '#a7c957', subject: '#c1666b', foliage: '#4f772d', trunk: '#7f5539', water: '#6cb4c9', cloud: '#ffffff', window: '#f6d55c' }),
      { skyTop: '#7d8fd6', skyBottom: '#ffd6a5' }, { skyTop: '#1d3557', skyBottom: '#457b9d', celestial: '#f1faee' }),
    post: 'eq=saturation=0.95',
  }),
  sketch: look({
    subject: { mode: 'gray', contrast: 1.25, posterize: 5, outline: 0.4, timeOfDay: false },
    outline: 3, hatch: true, renderScale: 0.45,
    palette: () => base({ skyTop: '#f4f1ea', skyBottom: '#ece7dc', far: '#9a968f', mid: '#77736d', ground: '#8d8983', subject: '#3a3835', subjectDetail: '#f4f1ea', water: '#a8a49c', light: '#555555', window: '#d9d4c9', road: '#b0aca4', cloud: '#f9f7f2', foliage: '#67635d', trunk: '#4a4742', celestial: '#f9f7f2', particle: '#555555', outline: '#2b2926' }),
    post: 'format=gray,noise=alls=14:allf=u,format=yuvj420p',
  }),
  superreal: look({
    subject: { saturate: 0.95, contrast: 1.06, depthBlur: 0.45 },
    shading: 'gradient', renderScale: 0.5, depthBlur: 14, fog: '#dfe9f2',
    palette: timed(base({ skyTop: '#3a6ea5', skyBottom: '#cfe0ee', far: '#7d8fa3', mid: '#4d6b4f', ground: '#5e7a3a', subject: '#3b3026', subjectDetail: '#d8c7a8', foliage: '#2f4a2a', trunk: '#3e2f22', water: '#2f5f86', cloud: '#f2f4f7', road: '#4a4a4a' }),
      { skyTop: '#3b2f5e', skyBottom: '#f7a35c', celestial: '#fff0c8' }, { skyTop: '#050814', skyBottom: '#1c2a44', celestial: '#e9eef7' }),
    post: 'eq=contrast=1.08,noise=alls=7:allf=u,vignette=angle=PI/4.5',
  }),
  watercolor: look({
    subject: { saturate: 0.9, tint: '#fbf3e4', tintAmount: 0.12, wobble: 1.4 },
    wash: true, renderScale: 0.28, depthBlur: 0,
    palette: timed(base({ skyTop: '#8ec5e8', skyBottom: '#fbf3e4', far: '#b9a7d9', mid: '#8fc7a1', ground: '#e9c98f', subject: '#d9577a', subjectDetail: '#fbf3e4', foliage: '#5fae7d', trunk: '#a0704f', water: '#6fb3d9', cloud: '#fbf3e4', window: '#f2b84b' }),
      { skyTop: '#e08fa5', skyBottom: '#ffd9a0' }, { skyTop: '#3d4f8f', skyBottom: '#8e9bd1', celestial: '#fff8e6' }),
    post: 'noise=alls=9:allf=u',
  }),
  neon: look({
    subject: { mode: 'neon', timeOfDay: false },
    outline: 5, glow: true, grid: true, renderScale: 0.6,
    palette: () => base({ skyTop: '#07001a', skyBottom: '#2a0845', far: '#ff2fd6', mid: '#00e5ff', ground: '#12002b', subject: '#39ff14', subjectDetail: '#ffffff', water: '#14003a', light: '#00e5ff', window: '#ff2fd6', road: '#ff9f1c', cloud: '#7b2ff7', foliage: '#00ffa3', trunk: '#ff2fd6', celestial: '#ff4fa3', particle: '#ffffff', outline: '#00e5ff' }),
  }),
  scaryred: look({
    subject: { mode: 'silhouette', timeOfDay: false },
    outline: 0, fog: '#c0100c', renderScale: 0.5, depthBlur: 4,
    palette: () => base({ skyTop: '#0a0000', skyBottom: '#c41a0f', far: '#3a0606', mid: '#220202', ground: '#0a0000', subject: '#000000', subjectDetail: '#ff1a1a', water: '#1a0000', light: '#7a0000', window: '#ff2a00', road: '#1f0000', cloud: '#5a0505', foliage: '#120000', trunk: '#080000', celestial: '#ff3a22', particle: '#ff3b3b', outline: '#000000' }),
    post: 'eq=contrast=1.15:brightness=0.04,noise=alls=10:allf=u,vignette=angle=PI/4',
  }),
  gtav: look({
    subject: { saturate: 1.35, contrast: 1.15, posterize: 4, outline: 0.75, outlineColor: '#111111' },
    outline: 7, shading: 'cel', frame: 'poster', renderScale: 0.75,
    palette: timed(base({ skyTop: '#ff6f3c', skyBottom: '#ffd23f', far: '#8e3b86', mid: '#5c2a6e', ground: '#3d1f4f', subject: '#1b1b1b', subjectDetail: '#ffd23f', water: '#1f7a8c', light: '#ffe8a3', window: '#ffe066', road: '#2b2b2b', cloud: '#ffb38a', foliage: '#1e3a2f', trunk: '#2b1a12', celestial: '#fff1b8', outline: '#111111' }),
      { skyTop: '#7b2cbf', skyBottom: '#ff9e00' }, { skyTop: '#10002b', skyBottom: '#c9184a', celestial: '#ffd6e0' }),
    post: 'eq=saturation=1.35:contrast=1.1',
  }),
  pixel: look({
    subject: { saturate: 1.2, posterize: 4, outline: 0.6 },
    renderScale: 1 / 8, upscale: 'neighbor',
    palette: timed(base({ skyTop: '#3b5dc9', skyBottom: '#41a6f6', far: '#566c86', mid: '#38b764', ground: '#257179', subject: '#b13e53', subjectDetail: '#ffcd75', water: '#29366f', light: '#73eff7', window: '#ffcd75', road: '#333c57', cloud: '#f4f4f4', foliage: '#a7f070', trunk: '#5d275d', celestial: '#ffcd75', particle: '#f4f4f4', outline: '#1a1c2c' }),
      { skyTop: '#5d275d', skyBottom: '#ef7d57' }, { skyTop: '#1a1c2c', skyBottom: '#29366f', celestial: '#f4f4f4' }),
  }),
};

export function styleLook(style: string): StyleLook {
  return STYLE_LOOKS[style] ?? STYLE_LOOKS.anime;
}

export type { SceneSpec };
