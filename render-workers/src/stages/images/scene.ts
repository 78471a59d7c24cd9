import { createRng, type Rng } from '../../shared/random';
import type { PickedSubject } from './subjects/match';

/** What a scene shows, read from its English description (keywords) and varied by the seed. */
export type TimeOfDay = 'day' | 'sunset' | 'night';
export type Backdrop = 'sea' | 'mountains' | 'city' | 'desert' | 'hills';
export type Subject = 'figure' | 'house' | 'animal' | 'tree' | 'tower' | 'orb';
export type Particles = 'stars' | 'snow' | 'rain' | 'fireflies' | 'birds' | 'none';

export interface SceneSpec {
  time: TimeOfDay;
  backdrop: Backdrop;
  subject: Subject;
  particles: Particles;
  fog: boolean;
  forest: boolean;
  road: boolean;
  /** 0..1 of the height. */
  horizon: number;
  /** Subject centre, 0..1 of the width. */
  subjectX: number;
  celestial: { x: number; y: number; r: number };
  /** Pictures from the illustration set that the narration names (main first); none: the drawn generic subject. */
  subjects: PickedSubject[];
  rng: Rng;
}

/** The scene the subjects call for where the description says nothing of it (a whale wants the sea, a moon the night). */
const NIGHT_SUBJECTS = /^(crescent-moon|full-moon|new-moon|ghost|bat|owl|candle|jack-o-lantern|shooting-star|glowing-star|star|waxing-|waning-|first-quarter|last-quarter|flying-saucer|vampire|person-vampire|zombie|person-zombie|wolf|sleeping-face|zzz|bed|teddy-bear)/;
const SUNSET_SUBJECTS = /^(hourglass|sunflower)/;
const SNOW_SUBJECTS = /^(snowflake|snowman|cloud-with-snow|skier|snowboarder|ice|polar-bear|penguin|snow-capped-mountain|sled|ice-skate)/;
const RAIN_SUBJECTS = /^(cloud-with-rain|umbrella-with-rain-drops|cloud-with-lightning|sun-behind-rain-cloud|umbrella)/;
const DESERT_SUBJECTS = /^(desert|camel|two-hump-camel|cactus|scorpion|lizard|amphora)$/;
const CITY_SUBJECTS = /^(office-building|classical-building|statue-of-liberty|house|houses|department-store|hotel|bank|post-office|convenience-store|factory|tokyo-tower|castle|japanese-castle|stadium|school|hospital|taxi|bus|oncoming-bus|police-car|automobile|metro|tram)/;
const MOUNTAIN_SUBJECTS = /^(mountain|snow-capped-mountain|volcano|mount-fuji|person-climbing|camping|national-park)/;

const has = (text: string, pattern: RegExp) => pattern.test(text);

export function readScene(description: string, seed: string, subjects: PickedSubject[] = []): SceneSpec {
  const text = description.toLowerCase();
  const rng = createRng(`scene:${seed}:${text}`);
  const ids = subjects.map((s) => s.id);
  const any = (pattern: RegExp) => ids.some((id) => pattern.test(id));
  const time: TimeOfDay = any(NIGHT_SUBJECTS) || has(text, /night|dark|moon|star|midnight|3 ?am|shadow|candle|cave|horror|ghost|aurora|northern lights|glow/)
    ? 'night'
    : any(SUNSET_SUBJECTS) || has(text, /sunset|dusk|dawn|sunrise|golden|evening|hourglass/) ? 'sunset' : rng.pick(['day', 'day', 'sunset', 'night'] as const);
  const backdrop: Backdrop = subjects[0]?.placement === 'water' ? 'sea'
    : any(DESERT_SUBJECTS) ? 'desert'
      : any(MOUNTAIN_SUBJECTS) ? 'mountains'
        : any(CITY_SUBJECTS) ? 'city'
          : has(text, /sea|ocean|lagoon|lake|river|beach|wave|water|bay|harbour|tide|coral|fjord|ship|boat/)
    ? 'sea'
    : has(text, /city|town|street|skyline|building|village|market|auction|apartment|university|palace|square/)
      ? 'city'
      : has(text, /desert|sand|dune|pyramid|salt/) ? 'desert'
        : has(text, /mountain|cliff|summit|valley|volcano|peak|pillar|climb/) ? 'mountains'
          : rng.pick(['hills', 'mountains', 'hills', 'sea', 'city'] as const);
  const subject: Subject = has(text, /fox|cat|owl|rabbit|octopus|otter|flamingo|parrot|wombat|turtle|bird|horse|animal|crab|mammoth|baobab/)
    ? 'animal'
    : has(text, /house|home|cabin|farmhouse|hut|den|temple|museum|door|hall|room|building/) ? 'house'
      : has(text, /lighthouse|tower|eiffel|pillar|statue|column/) ? 'tower'
        : has(text, /person|man |woman|girl|boy|traveller|runner|climber|people|child|philosopher|someone|warrior|emperor|boxer|workers|viking/) ? 'figure'
          : has(text, /tree|forest|bamboo|seedling|plant/) ? 'tree'
            : rng.pick(['figure', 'house', 'tree', 'tower', 'orb'] as const);
  const particles: Particles = any(SNOW_SUBJECTS) || has(text, /snow|winter|ice|frozen/) ? 'snow'
    : any(RAIN_SUBJECTS) || has(text, /rain|storm|wet/) ? 'rain'
      : has(text, /firefl|glowworm|sparkle|lantern/) ? 'fireflies'
        : time === 'night' ? 'stars' : rng.pick(['birds', 'none'] as const);
  return {
    time,
    backdrop,
    subject,
    particles,
    fog: has(text, /fog|mist|smoke|haze|cloud/) || rng.next() < 0.2,
    forest: has(text, /forest|tree|wood|bamboo|jungle|garden|meadow|field|park/) || (backdrop === 'hills' && rng.next() < 0.5),
    road: has(text, /road|path|street|highway|car|drive|staircase/),
    horizon: rng.range(0.56, 0.68),
    // A picture subject is large: it stands near the middle.
    subjectX: subjects.length > 0 ? 0.5 + rng.range(-0.07, 0.07) : rng.pick([0.33, 0.5, 0.66]) + rng.range(-0.05, 0.05),
    celestial: { x: rng.range(0.2, 0.8), y: rng.range(0.12, 0.3), r: rng.range(0.07, 0.12) },
    subjects,
    rng,
  };
}

/** Shapes in frame coordinates, tagged with the role a style colours them by. */
export type Role = 'far' | 'mid' | 'near' | 'water' | 'ground' | 'subject' | 'subjectDetail' | 'light' | 'window' | 'road' | 'cloud' | 'foliage' | 'trunk';
export interface Shape {
  role: Role;
  d: string;
}

const f = (n: number) => n.toFixed(1);

function ridge(rng: Rng, w: number, baseY: number, amplitude: number, points: number, floorY: number, smooth: boolean): string {
  const step = w / (points - 1);
  const ys = Array.from({ length: points }, () => baseY - rng.range(0, amplitude));
  let d = `M0 ${f(floorY)} L0 ${f(ys[0])}`;
  for (let i = 1; i < points; i++) {
    const x = i * step;
    if (smooth) {
      const cx = x - step / 2;
      d += ` Q${f(cx)} ${f(Math.min(ys[i - 1], ys[i]) - amplitude * 0.3)} ${f(x)} ${f(ys[i])}`;
    } else d += ` L${f(x)} ${f(ys[i])}`;
  }
  return `${d} L${f(w)} ${f(floorY)} Z`;
}

export function buildShapes(spec: SceneSpec, w: number, h: number): { shapes: Shape[]; particles: { x: number; y: number; r: number }[] } {
  const rng = spec.rng;
  const hy = spec.horizon * h;
  const shapes: Shape[] = [];
  // Clouds
  const clouds = spec.time === 'night' ? 1 : rng.int(2, 4);
  for (let c = 0; c < clouds; c++) {
    const cx = rng.range(0.05, 0.95) * w;
    const cy = rng.range(0.08, 0.4) * hy;
    const s = rng.range(0.08, 0.16) * w;
    let d = '';
    for (let k = 0; k < 5; k++) {
      const r = s * rng.range(0.5, 1);
      const x = cx + (k - 2) * s * 0.7;
      const y = cy - (k % 2) * s * 0.3;
      d += `M${f(x - r)} ${f(y)} a${f(r)} ${f(r)} 0 1 0 ${f(2 * r)} 0 a${f(r)} ${f(r)} 0 1 0 ${f(-2 * r)} 0 `;
    }
    shapes.push({ role: 'cloud', d });
  }
  // Far layer
  switch (spec.backdrop) {
    case 'mountains':
      shapes.push({ role: 'far', d: ridge(rng, w, hy - 0.05 * h, 0.25 * h, 7, hy + 10, false) });
      shapes.push({ role: 'mid', d: ridge(rng, w, hy + 0.02 * h, 0.14 * h, 6, hy + 0.2 * h, false) });
      break;
    case 'desert':
      shapes.push({ role: 'far', d: ridge(rng, w, hy, 0.06 * h, 5, hy + 10, true) });
      shapes.push({ role: 'mid', d: ridge(rng, w, hy + 0.06 * h, 0.08 * h, 4, hy + 0.3 * h, true) });
      break;
    case 'city': {
      let d = '';
      let x = -10;
      while (x < w) {
        const bw = rng.range(0.06, 0.14) * w;
        const bh = rng.range(0.08, 0.3) * h;
        d += `M${f(x)} ${f(hy + 5)} V${f(hy - bh)} H${f(x + bw)} V${f(hy + 5)} Z `;
        x += bw + rng.range(0, 0.02) * w;
      }
      shapes.push({ role: 'far', d: ridge(rng, w, hy - 0.02 * h, 0.05 * h, 5, hy + 10, true) });
      shapes.push({ role: 'mid', d });
      let windows = '';
      for (let i = 0; i < 60; i++) {
        const wx = rng.range(0, w);
        const wy = hy - rng.range(0.01, 0.2) * h;
        windows += `M${f(wx)} ${f(wy)} h${f(0.012 * w)} v${f(0.012 * h)} h${f(-0.012 * w)} Z `;
      }
      shapes.push({ role: 'window', d: windows });
      break;
    }
    case 'sea':
      shapes.push({ role: 'far', d: ridge(rng, w, hy - 0.01 * h, 0.06 * h, 5, hy + 2, true) });
      break;
    default:
      shapes.push({ role: 'far', d: ridge(rng, w, hy - 0.03 * h, 0.12 * h, 5, hy + 10, true) });
      shapes.push({ role: 'mid', d: ridge(rng, w, hy + 0.03 * h, 0.08 * h, 4, hy + 0.3 * h, true) });
  }
  // Ground or water
  if (spec.backdrop === 'sea') {
    shapes.push({ role: 'water', d: `M0 ${f(hy)} H${f(w)} V${f(h)} H0 Z` });
    let waves = '';
    for (let i = 0; i < 14; i++) {
      const y = hy + (i / 14) ** 1.5 * (h - hy) + 10;
      const x = rng.range(-0.1, 0.7) * w;
      const len = rng.range(0.15, 0.4) * w;
      waves += `M${f(x)} ${f(y)} q${f(len / 4)} ${f(-8 - i)} ${f(len / 2)} 0 t${f(len / 2)} 0 `;
    }
    shapes.push({ role: 'light', d: waves });
    // An island or shore for the subject to stand on (a swimmer or a boat needs none).
    const sx = spec.subjectX * w;
    if (spec.subjects.length === 0) shapes.push({ role: 'near', d: `M${f(sx - 0.35 * w)} ${f(h)} Q${f(sx)} ${f(hy + 0.12 * h)} ${f(sx + 0.35 * w)} ${f(h)} Z` });
    // A picture stands on the island's top (the curve's peak is halfway between its ends and its control point).
    else if (spec.subjects[0].placement !== 'water') shapes.push({ role: 'near', d: `M${f(sx - 0.5 * w)} ${f(h)} Q${f(sx)} ${f(2 * (hy + 0.2 * h) - h)} ${f(sx + 0.5 * w)} ${f(h)} Z` });
  } else {
    shapes.push({ role: 'ground', d: ridge(rng, w, hy + 0.16 * h, 0.05 * h, 4, h + 5, true) });
  }
  if (spec.road) {
    const cx = rng.range(0.35, 0.65) * w;
    shapes.push({ role: 'road', d: `M${f(cx - 0.01 * w)} ${f(hy + 0.02 * h)} L${f(cx + 0.01 * w)} ${f(hy + 0.02 * h)} L${f(cx + 0.3 * w)} ${f(h)} L${f(cx - 0.3 * w)} ${f(h)} Z` });
  }
  if (spec.forest) {
    for (let i = 0; i < 9; i++) {
      const tx = rng.range(0, 1) * w;
      const ty = hy + rng.range(0.02, 0.2) * h;
      const th = rng.range(0.06, 0.14) * h;
      shapes.push({ role: 'foliage', d: `M${f(tx)} ${f(ty - th)} L${f(tx + th * 0.3)} ${f(ty)} L${f(tx - th * 0.3)} ${f(ty)} Z` });
    }
  }
  // Subject, standing on the ground line below the horizon.
  const sx = spec.subjectX * w;
  const base = hy + 0.22 * h;
  const unit = Math.min(w, h) * 0.01;
  switch (spec.subjects.length > 0 ? 'pictures' : spec.subject) {
    case 'pictures':
      // Drawn from the illustration set by the style (compose.ts).
      break;
    case 'figure': {
      const s = unit * rng.range(1.2, 1.6);
      shapes.push({ role: 'subject', d: `M${f(sx - 9 * s)} ${f(base)} Q${f(sx - 8 * s)} ${f(base - 30 * s)} ${f(sx)} ${f(base - 32 * s)} Q${f(sx + 8 * s)} ${f(base - 30 * s)} ${f(sx + 9 * s)} ${f(base)} Z M${f(sx - 6 * s)} ${f(base - 38 * s)} a${f(6 * s)} ${f(6 * s)} 0 1 0 ${f(12 * s)} 0 a${f(6 * s)} ${f(6 * s)} 0 1 0 ${f(-12 * s)} 0` });
      break;
    }
    case 'house': {
      const s = unit * rng.range(1.4, 1.9);
      shapes.push({ role: 'subject', d: `M${f(sx - 14 * s)} ${f(base)} V${f(base - 18 * s)} H${f(sx + 14 * s)} V${f(base)} Z M${f(sx - 17 * s)} ${f(base - 17 * s)} L${f(sx)} ${f(base - 32 * s)} L${f(sx + 17 * s)} ${f(base - 17 * s)} Z` });
      shapes.push({ role: 'window', d: `M${f(sx - 9 * s)} ${f(base - 13 * s)} h${f(6 * s)} v${f(6 * s)} h${f(-6 * s)} Z M${f(sx + 3 * s)} ${f(base)} v${f(-10 * s)} h${f(6 * s)} v${f(10 * s)} Z` });
      break;
    }
    case 'animal': {
      const s = unit * rng.range(1.1, 1.5);
      shapes.push({ role: 'subject', d: `M${f(sx - 14 * s)} ${f(base - 8 * s)} a${f(14 * s)} ${f(9 * s)} 0 1 0 ${f(28 * s)} 0 a${f(14 * s)} ${f(9 * s)} 0 1 0 ${f(-28 * s)} 0 M${f(sx + 8 * s)} ${f(base - 16 * s)} a${f(7 * s)} ${f(7 * s)} 0 1 0 ${f(14 * s)} 0 a${f(7 * s)} ${f(7 * s)} 0 1 0 ${f(-14 * s)} 0 M${f(sx + 10 * s)} ${f(base - 21 * s)} l${f(2 * s)} ${f(-8 * s)} l${f(4 * s)} ${f(7 * s)} Z M${f(sx + 16 * s)} ${f(base - 21 * s)} l${f(3 * s)} ${f(-8 * s)} l${f(3 * s)} ${f(8 * s)} Z M${f(sx - 12 * s)} ${f(base - 10 * s)} q${f(-14 * s)} ${f(-4 * s)} ${f(-12 * s)} ${f(-16 * s)} q${f(4 * s)} ${f(8 * s)} ${f(14 * s)} ${f(10 * s)} Z M${f(sx - 10 * s)} ${f(base - 2 * s)} h${f(4 * s)} v${f(6 * s)} h${f(-4 * s)} Z M${f(sx + 6 * s)} ${f(base - 2 * s)} h${f(4 * s)} v${f(6 * s)} h${f(-4 * s)} Z` });
      shapes.push({ role: 'subjectDetail', d: `M${f(sx + 17 * s)} ${f(base - 17 * s)} a${f(1.4 * s)} ${f(1.4 * s)} 0 1 0 ${f(2.8 * s)} 0 a${f(1.4 * s)} ${f(1.4 * s)} 0 1 0 ${f(-2.8 * s)} 0` });
      break;
    }
    case 'tree': {
      const s = unit * rng.range(1.4, 1.9);
      shapes.push({ role: 'trunk', d: `M${f(sx - 3 * s)} ${f(base)} L${f(sx - 2 * s)} ${f(base - 22 * s)} L${f(sx + 2 * s)} ${f(base - 22 * s)} L${f(sx + 3 * s)} ${f(base)} Z` });
      let crown = '';
      for (let k = 0; k < 5; k++) {
        const r = s * rng.range(8, 12);
        const x = sx + rng.range(-10, 10) * s;
        const y = base - 30 * s + rng.range(-8, 6) * s;
        crown += `M${f(x - r)} ${f(y)} a${f(r)} ${f(r)} 0 1 0 ${f(2 * r)} 0 a${f(r)} ${f(r)} 0 1 0 ${f(-2 * r)} 0 `;
      }
      shapes.push({ role: 'foliage', d: crown });
      break;
    }
    case 'tower': {
      const s = unit * rng.range(1.4, 1.8);
      shapes.push({ role: 'subject', d: `M${f(sx - 8 * s)} ${f(base)} L${f(sx - 4 * s)} ${f(base - 55 * s)} L${f(sx + 4 * s)} ${f(base - 55 * s)} L${f(sx + 8 * s)} ${f(base)} Z M${f(sx - 6 * s)} ${f(base - 55 * s)} L${f(sx)} ${f(base - 64 * s)} L${f(sx + 6 * s)} ${f(base - 55 * s)} Z` });
      shapes.push({ role: 'window', d: `M${f(sx - 3 * s)} ${f(base - 52 * s)} h${f(6 * s)} v${f(5 * s)} h${f(-6 * s)} Z` });
      break;
    }
    default: {
      const r = unit * rng.range(7, 10);
      shapes.push({ role: 'subject', d: `M${f(sx - r)} ${f(base - r * 1.2)} a${f(r)} ${f(r)} 0 1 0 ${f(2 * r)} 0 a${f(r)} ${f(r)} 0 1 0 ${f(-2 * r)} 0` });
      shapes.push({ role: 'subjectDetail', d: `M${f(sx - r * 0.5)} ${f(base - r * 1.6)} a${f(r * 0.3)} ${f(r * 0.3)} 0 1 0 ${f(r * 0.6)} 0 a${f(r * 0.3)} ${f(r * 0.3)} 0 1 0 ${f(-r * 0.6)} 0` });
    }
  }
  const particles = spec.particles === 'none'
    ? []
    : Array.from({ length: spec.particles === 'birds' ? 5 : 70 }, () => ({
        x: rng.range(0, w),
        y: spec.particles === 'stars' || spec.particles === 'birds' ? rng.range(0, hy * 0.8) : rng.range(0, h),
        r: rng.range(0.6, 1.6) * unit * (spec.particles === 'birds' ? 3 : 0.5),
      }));
  return { shapes, particles };
}
