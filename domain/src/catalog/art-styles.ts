/** The 12 art styles (spec section 3), id: label. `prompt` steers the image provider. */
export const ART_STYLES = [
  { id: 'anime', label: 'Anime', prompt: 'anime illustration, cel shading, vibrant colours, expressive lighting' },
  { id: 'lego', label: 'Lego', prompt: 'made of Lego bricks, plastic toy diorama, studs visible, macro photography' },
  { id: 'comic', label: 'Comic Book', prompt: 'comic book panel, bold ink outlines, halftone dots, dramatic colours' },
  { id: 'disney', label: 'Disney Toon', prompt: '3D animated family film still, soft lighting, friendly characters' },
  { id: 'ghibli', label: 'Studio Ghibli', prompt: 'hand-painted Ghibli-like watercolour background, pastoral, soft clouds' },
  { id: 'sketch', label: 'Sketch', prompt: 'pencil sketch on paper, graphite hatching, monochrome' },
  { id: 'superreal', label: 'Hyper Real', prompt: 'hyper-realistic photograph, 8k, cinematic lighting, shallow depth of field' },
  { id: 'watercolor', label: 'Watercolor', prompt: 'watercolour painting, soft washes, paper texture, bleeding edges' },
  { id: 'neon', label: 'Neon Toon', prompt: 'neon cartoon, glowing outlines, dark background, synthwave palette' },
  { id: 'scaryred', label: 'Scary Red', prompt: 'horror illustration, deep red and black palette, fog, unsettling shadows' },
  { id: 'gtav', label: 'GTA V', prompt: 'Grand Theft Auto loading screen art style, bold outlines, saturated sunset colours' },
  { id: 'pixel', label: 'Pixel Art', prompt: '16-bit pixel art, limited palette, crisp pixels, retro game scene' },
] as const;

export type ArtStyleId = (typeof ART_STYLES)[number]['id'];
export const ART_STYLE_IDS = ART_STYLES.map((s) => s.id) as [ArtStyleId, ...ArtStyleId[]];

export function findArtStyle(id: string) {
  return ART_STYLES.find((s) => s.id === id);
}
