import { subjectsSvg } from './compose';
import { buildShapes, type SceneSpec, type Shape } from './scene';
import { mix, type Palette, type StyleLook } from './styles';

const f = (n: number) => n.toFixed(1);

export interface RenderPlan {
  svg: string;
  /** Size the SVG renders at (the assembler's frame size times the style's render scale). */
  renderWidth: number;
  renderHeight: number;
  /** Lego only: a full-size overlay of studs aligned to the brick grid. */
  overlaySvg: string | null;
}

/** One scene as SVG in the frame's coordinates, drawn the way the style draws. */
export function sceneSvg(spec: SceneSpec, look: StyleLook, width: number, height: number): RenderPlan {
  const renderWidth = Math.max(16, Math.round(width * look.renderScale));
  const renderHeight = Math.max(16, Math.round(height * look.renderScale));
  const p = look.palette(spec.time);
  const { shapes, particles } = buildShapes(spec, width, height);
  const defs: string[] = [];
  const body: string[] = [];
  const w = width;
  const h = height;
  const hy = spec.horizon * h;
  const unit = Math.min(w, h) / 100;

  defs.push(`<linearGradient id="sky" x1="0" y1="0" x2="0" y2="1"><stop offset="0" stop-color="${p.skyTop}"/><stop offset="${look.shading === 'cel' ? 0.65 : 1}" stop-color="${p.skyBottom}"/></linearGradient>`);
  if (look.glow) defs.push(`<filter id="glow" x="-20%" y="-20%" width="140%" height="140%"><feGaussianBlur stdDeviation="${f(unit * 1.2)}"/></filter>`);
  if (look.depthBlur > 0) defs.push(`<filter id="depth" x="-5%" y="-5%" width="110%" height="110%"><feGaussianBlur stdDeviation="${f(look.depthBlur)}"/></filter>`);
  // In the frame's own units: a region relative to a fog bank's box (which reaches far past the frame) made resvg panic.
  defs.push(`<filter id="soft" filterUnits="userSpaceOnUse" x="${f(-0.05 * w)}" y="${f(-0.05 * h)}" width="${f(1.1 * w)}" height="${f(1.1 * h)}"><feGaussianBlur stdDeviation="${f(unit * 6)}"/></filter>`);
  if (look.halftone) defs.push(`<pattern id="dots" width="${f(unit * 2.4)}" height="${f(unit * 2.4)}" patternUnits="userSpaceOnUse"><circle cx="${f(unit * 1.2)}" cy="${f(unit * 1.2)}" r="${f(unit * 0.55)}" fill="#000"/></pattern>`);
  if (look.hatch) {
    const t = unit * 1.4;
    defs.push(`<pattern id="hatch" width="${f(t)}" height="${f(t)}" patternUnits="userSpaceOnUse"><path d="M0 ${f(t)} L${f(t)} 0" stroke="#2b2926" stroke-width="${f(unit * 0.25)}"/></pattern>`);
    defs.push(`<pattern id="cross" width="${f(t)}" height="${f(t)}" patternUnits="userSpaceOnUse"><path d="M0 ${f(t)} L${f(t)} 0 M0 0 L${f(t)} ${f(t)}" stroke="#2b2926" stroke-width="${f(unit * 0.2)}"/></pattern>`);
  }
  if (look.wash) defs.push(`<filter id="wash" x="-10%" y="-10%" width="120%" height="120%"><feTurbulence type="fractalNoise" baseFrequency="${(0.012 / look.renderScale / (w / 1080)).toFixed(4)}" numOctaves="2" seed="${spec.rng.int(1, 999)}"/><feDisplacementMap in="SourceGraphic" scale="${f(unit * 3)}"/></filter>`);
  defs.push(`<radialGradient id="halo"><stop offset="0" stop-color="${p.celestial}" stop-opacity="0.8"/><stop offset="1" stop-color="${p.celestial}" stop-opacity="0"/></radialGradient>`);

  // Sky
  body.push(`<rect width="${w}" height="${h}" fill="url(#sky)"/>`);
  if (look.frame === 'comic') body.push(burst(spec.subjectX * w, hy + 0.05 * h, w, h, p.skyBottom));

  // Stars behind everything
  if (spec.particles === 'stars') for (const s of particles) body.push(`<circle cx="${f(s.x)}" cy="${f(s.y)}" r="${f(s.r)}" fill="${p.particle}" opacity="0.85"/>`);

  // Sun or moon
  const cx = spec.celestial.x * w;
  const cy = spec.celestial.y * h;
  const cr = spec.celestial.r * w;
  if (look.shading === 'gradient' || look.glow || look.fog) body.push(`<circle cx="${f(cx)}" cy="${f(cy)}" r="${f(cr * 2.6)}" fill="url(#halo)"/>`);
  if (look.grid) {
    // Synthwave sun: striped disc
    defs.push(`<linearGradient id="sun" x1="0" y1="0" x2="0" y2="1"><stop offset="0" stop-color="#ffe66d"/><stop offset="1" stop-color="#ff2fd6"/></linearGradient>`);
    const sy = hy - cr * 0.9;
    body.push(`<circle cx="${f(w / 2)}" cy="${f(sy)}" r="${f(cr * 2)}" fill="url(#sun)"/>`);
    for (let i = 0; i < 6; i++) body.push(`<rect x="${f(w / 2 - cr * 2.1)}" y="${f(sy + i * cr * 0.3)}" width="${f(cr * 4.2)}" height="${f(cr * 0.08 + i * cr * 0.03)}" fill="${p.skyBottom}"/>`);
  } else if (!spec.subjects.some((s) => s.placement === 'sky' && /moon|sun|planet|star/.test(s.id))) {
    // (A scene whose subject is the moon or the sun shows that picture, not a second one.)
    body.push(`<circle cx="${f(cx)}" cy="${f(cy)}" r="${f(cr)}" fill="${p.celestial}"${stroke(look, p)}/>`);
    if (spec.time === 'night' && !look.fog) body.push(`<circle cx="${f(cx + cr * 0.35)}" cy="${f(cy - cr * 0.2)}" r="${f(cr * 0.85)}" fill="${p.skyTop}" opacity="0.9"/>`);
  }

  let shapeCounter = 0;
  const glowStrokes: string[] = [];
  const crispStrokes: string[] = [];
  const draw = (shape: Shape) => drawShape(shape, shapeCounter++, look, p, defs, unit, glowStrokes, crispStrokes);
  const farRoles = new Set(['cloud', 'far', 'mid', 'window']);
  const subjectAt = shapes.findIndex((x) => x.role === 'subject');
  const far = shapes.filter((s, i) => farRoles.has(s.role) && i < (subjectAt >= 0 ? subjectAt : shapes.length));
  const near = shapes.filter((s) => !far.includes(s));
  const farSvg = far.map(draw).join('');
  body.push(look.depthBlur > 0 ? `<g filter="url(#depth)">${farSvg}</g>` : look.wash ? `<g filter="url(#wash)">${farSvg}</g>` : farSvg);
  if (look.fog) body.push(fogBank(spec, w, h, hy, look.fog, 0.45));

  if (look.grid) {
    // Perspective grid on the ground
    let lines = '';
    for (let i = -10; i <= 10; i++) lines += `M${f(w / 2)} ${f(hy)} L${f(w / 2 + i * w * 0.18)} ${f(h)} `;
    for (let k = 1; k < 12; k++) {
      const y = hy + (h - hy) * (k / 12) ** 1.8;
      lines += `M0 ${f(y)} H${f(w)} `;
    }
    near.unshift({ role: 'ground', d: `M0 ${f(hy)} H${f(w)} V${f(h)} H0 Z` });
    body.push(near.map(draw).join(''));
    body.push(`<g filter="url(#glow)">${glowStrokes.splice(0).join('')}</g>${crispStrokes.splice(0).join('')}`);
    body.push(`<path d="${lines}" stroke="#ff2fd6" stroke-width="${f(unit * 0.4)}" fill="none" filter="url(#glow)"/><path d="${lines}" stroke="#ff9bf0" stroke-width="${f(unit * 0.18)}" fill="none"/>`);
  } else if (look.wash) {
    body.push(`<g filter="url(#wash)">${near.map(draw).join('')}</g>`);
  } else {
    body.push(near.map(draw).join(''));
  }
  if (look.glow) body.push(`<g filter="url(#glow)">${glowStrokes.join('')}</g>${crispStrokes.join('')}`);

  // The narration's subjects, standing in the scene.
  body.push(subjectsSvg(spec, spec.subjects, look, p, w, h, defs));

  // Front particles
  for (const s of particles) {
    if (spec.particles === 'snow') body.push(`<circle cx="${f(s.x)}" cy="${f(s.y)}" r="${f(s.r * 1.4)}" fill="#ffffff" opacity="0.85"/>`);
    if (spec.particles === 'rain') body.push(`<line x1="${f(s.x)}" y1="${f(s.y)}" x2="${f(s.x - unit)}" y2="${f(s.y + unit * 4)}" stroke="${mix(p.skyBottom, '#ffffff', 0.6)}" stroke-width="${f(unit * 0.25)}" opacity="0.6"/>`);
    if (spec.particles === 'fireflies') body.push(`<circle cx="${f(s.x)}" cy="${f(s.y)}" r="${f(s.r * 1.6)}" fill="#fff3a0" opacity="0.9"/><circle cx="${f(s.x)}" cy="${f(s.y)}" r="${f(s.r * 5)}" fill="#fff3a0" opacity="0.15"/>`);
    if (spec.particles === 'birds') body.push(`<path d="M${f(s.x - s.r)} ${f(s.y)} q${f(s.r / 2)} ${f(-s.r / 2)} ${f(s.r)} 0 q${f(s.r / 2)} ${f(-s.r / 2)} ${f(s.r)} 0" fill="none" stroke="${p.outline}" stroke-width="${f(unit * 0.35)}"/>`);
  }
  if (look.fog) body.push(fogBank(spec, w, h, h * 0.92, look.fog, 0.35));
  if (look.halftone) body.push(`<rect width="${w}" height="${h}" fill="url(#dots)" opacity="0.16"/>`);
  if (look.frame === 'comic') body.push(`<rect x="${f(unit * 2)}" y="${f(unit * 2)}" width="${f(w - unit * 4)}" height="${f(h - unit * 4)}" fill="none" stroke="#000" stroke-width="${f(unit * 1.2)}"/><rect width="${w}" height="${h}" fill="none" stroke="#fff" stroke-width="${f(unit * 2.4)}"/>`);
  if (look.frame === 'poster') body.push(`<rect x="${f(unit * 3)}" y="${f(unit * 3)}" width="${f(w - unit * 6)}" height="${f(h - unit * 6)}" fill="none" stroke="#111" stroke-width="${f(unit * 0.9)}"/><rect width="${w}" height="${h}" fill="none" stroke="#f7f3e8" stroke-width="${f(unit * 5)}"/>`);

  const rendering = look.upscale === 'neighbor' ? ' shape-rendering="crispEdges"' : '';
  const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="${renderWidth}" height="${renderHeight}" viewBox="0 0 ${w} ${h}" preserveAspectRatio="none"${rendering}><defs>${defs.join('')}</defs>${body.join('')}</svg>`;
  return { svg, renderWidth, renderHeight, overlaySvg: look.studs ? studsSvg(width, height, renderWidth, renderHeight) : null };
}

function stroke(look: StyleLook, p: Palette): string {
  return look.outline > 0 ? ` stroke="${p.outline}" stroke-width="${look.outline}" stroke-linejoin="round"` : '';
}

function drawShape(shape: Shape, index: number, look: StyleLook, p: Palette, defs: string[], unit: number, glowStrokes: string[], crispStrokes: string[]): string {
  const color = p[shape.role];
  if (shape.role === 'light') {
    return `<path d="${shape.d}" fill="none" stroke="${look.glow ? p.light : mix(color, p.water, 0.3)}" stroke-width="${f(unit * 0.5)}" opacity="0.7"/>`;
  }
  if (look.glow) {
    glowStrokes.push(`<path d="${shape.d}" fill="none" stroke="${color}" stroke-width="${f(unit * 1.1)}"/>`);
    crispStrokes.push(`<path d="${shape.d}" fill="none" stroke="${mix(color, '#ffffff', 0.5)}" stroke-width="${f(unit * 0.3)}"/>`);
    return `<path d="${shape.d}" fill="${shape.role === 'window' ? color : '#0a0420'}" fill-opacity="0.85"/>`;
  }
  if (look.hatch) {
    const density = shape.role === 'cloud' || shape.role === 'window' ? 0 : shape.role === 'subject' || shape.role === 'trunk' ? 0.9 : shape.role === 'far' ? 0.25 : 0.5;
    return `<path d="${shape.d}" fill="${color}" fill-opacity="0.35"/>`
      + (density > 0 ? `<path d="${shape.d}" fill="url(#${density > 0.6 ? 'cross' : 'hatch'})" opacity="${density}"/>` : '')
      + `<path d="${shape.d}" fill="none" stroke="${p.outline}" stroke-width="${f(unit * 0.3)}" stroke-linejoin="round" opacity="0.85"/>`
      + `<path d="${shape.d}" fill="none" stroke="${p.outline}" stroke-width="${f(unit * 0.15)}" transform="translate(${f(unit * 0.4)} ${f(unit * -0.3)})" opacity="0.5"/>`;
  }
  if (look.wash) {
    return `<path d="${shape.d}" fill="${color}" fill-opacity="0.6"/><path d="${shape.d}" fill="${mix(color, '#3a2f4a', 0.25)}" fill-opacity="0.25" transform="translate(${f(unit * 0.8)} ${f(unit * 0.6)})"/>`;
  }
  if (look.shading === 'gradient') {
    const id = `g${index}`;
    defs.push(`<linearGradient id="${id}" x1="0" y1="0" x2="0.4" y2="1"><stop offset="0" stop-color="${mix(color, '#ffffff', 0.3)}"/><stop offset="1" stop-color="${mix(color, '#000000', 0.25)}"/></linearGradient>`);
    return `<path d="${shape.d}" fill="url(#${id})"/>`;
  }
  const outlined = `<path d="${shape.d}" fill="${color}"${shape.role === 'cloud' && look.frame !== 'comic' ? '' : stroke(look, p)}/>`;
  if (shape.role === 'cloud') return outlined;
  if (look.shading === 'cel' && shape.role !== 'window') {
    const id = `c${index}`;
    defs.push(`<clipPath id="${id}"><path d="${shape.d}"/></clipPath>`);
    return `<path d="${shape.d}" fill="${color}"/><path d="${shape.d}" fill="${mix(color, '#1a1030', 0.35)}" clip-path="url(#${id})" transform="translate(${f(unit * 2.5)} ${f(unit * 1.5)})"/><path d="${shape.d}" fill="none"${stroke(look, p)}/>`;
  }
  return outlined;
}

function fogBank(spec: SceneSpec, w: number, h: number, y: number, color: string, opacity: number): string {
  let out = '';
  for (let i = 0; i < 4; i++) {
    const x = spec.rng.range(-0.1, 1.1) * w;
    out += `<ellipse cx="${f(x)}" cy="${f(y + spec.rng.range(-0.04, 0.04) * h)}" rx="${f(w * spec.rng.range(0.4, 0.7))}" ry="${f(h * 0.07)}" fill="${color}" opacity="${opacity}"/>`;
  }
  // One blur for the bank, not one per ellipse (each blur is a pass over its whole region).
  return `<g filter="url(#soft)">${out}</g>`;
}

function burst(x: number, y: number, w: number, h: number, color: string): string {
  let d = '';
  const rays = 28;
  const r = Math.hypot(w, h);
  for (let i = 0; i < rays; i += 2) {
    const a0 = (i / rays) * Math.PI * 2;
    const a1 = ((i + 1) / rays) * Math.PI * 2;
    d += `M${f(x)} ${f(y)} L${f(x + Math.cos(a0) * r)} ${f(y + Math.sin(a0) * r)} L${f(x + Math.cos(a1) * r)} ${f(y + Math.sin(a1) * r)} Z `;
  }
  return `<path d="${d}" fill="${mix(color, '#ffffff', 0.45)}" opacity="0.55"/>`;
}

function studsSvg(w: number, h: number, cols: number, rows: number): string {
  const cw = w / cols;
  const ch = h / rows;
  const r = Math.min(cw, ch) * 0.3;
  return `<svg xmlns="http://www.w3.org/2000/svg" width="${w}" height="${h}"><defs>`
    + `<radialGradient id="stud" cx="0.35" cy="0.35" r="0.7"><stop offset="0" stop-color="#fff" stop-opacity="0.55"/><stop offset="0.6" stop-color="#fff" stop-opacity="0.05"/><stop offset="1" stop-color="#000" stop-opacity="0.35"/></radialGradient>`
    + `<pattern id="p" width="${f(cw)}" height="${f(ch)}" patternUnits="userSpaceOnUse">`
    + `<rect width="${f(cw)}" height="${f(ch)}" fill="none" stroke="#000" stroke-opacity="0.22" stroke-width="2"/>`
    + `<circle cx="${f(cw / 2 + 2)}" cy="${f(ch / 2 + 3)}" r="${f(r)}" fill="#000" fill-opacity="0.3"/>`
    + `<circle cx="${f(cw / 2)}" cy="${f(ch / 2)}" r="${f(r)}" fill="url(#stud)"/>`
    + `</pattern></defs><rect width="${w}" height="${h}" fill="url(#p)"/></svg>`;
}
