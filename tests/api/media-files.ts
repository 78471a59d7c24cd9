/** A 32×24 PNG (a flat blue frame, made with ffmpeg): the smallest file the media library takes. */
export const A_TINY_PNG = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAACAAAAAYCAIAAAAUMWhjAAAACXBIWXMAAAABAAAAAQBPJcTWAAAAJElEQVR4nGMwSv5HU8QwasGoBaMWjFowasGoBaMWjFowNCwAABMguT1BmA3MAAAAAElFTkSuQmCC',
  'base64',
);

export const aTinyPngUpload = (name = 'blue.png') => ({ file: { name, type: 'image/png', data: A_TINY_PNG } });
