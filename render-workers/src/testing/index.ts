// @app/render-workers/testing: what tests and benchmarks outside this workspace drive directly.
export * from './media';
export { run, DEFAULT_MEDIA_TOOLS } from '../shared/exec';
export { audioCodecArgs, createFfmpegAssembler, videoCodecArgs } from '../stages/assemble/ffmpeg';
export type { AssembleRequest, Assembler, MixRequest, PictureRequest } from '../stages/assemble/port';
export { createKokoroNarrator } from '../stages/narration/kokoro';
export { writeOfflineScript } from '../stages/script/offline-writer';
