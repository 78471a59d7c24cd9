import { QUICK_ENCODE, videoCodecArgs } from './ffmpeg';

const x264Params = (args: string[]) => (args.includes('-x264-params') ? args[args.indexOf('-x264-params') + 1] : null);

describe("A render's video codec settings", () => {
  it('given the default preset (veryfast), then motion is refined with one SAD pass (subme 1): pans move by whole pixels', () => {
    expect(x264Params(videoCodecArgs({ preset: 'veryfast', crf: 23, bframes: 0 }))).toBe('subme=1');
  });

  it("given another preset (an operator's RENDER_PRESET), then that preset's own analysis is left as it is", () => {
    expect(x264Params(videoCodecArgs({ preset: 'medium', crf: 23, bframes: 0 }))).toBeNull();
  });

  it("given x264 options of its own (the studio's quick encode), then those, not the preset's", () => {
    expect(x264Params(videoCodecArgs({ preset: QUICK_ENCODE.preset, crf: 25, bframes: 0, x264Params: QUICK_ENCODE.x264Params }))).toBe('cabac=1:8x8dct=1');
  });
});
