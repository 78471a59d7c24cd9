declare const __PIXEL_ID__: string | undefined;

/** Build-time settings (vite `define`); safe under jest where they are not defined. */
export const env = {
  pixelId: typeof __PIXEL_ID__ === 'string' ? __PIXEL_ID__ : '',
};
