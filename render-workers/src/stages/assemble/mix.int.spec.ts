import { chmodSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { DEFAULT_MEDIA_TOOLS, run } from '../../shared/exec';
import { integratedLoudness, tempDir } from '../../testing/media';
import { createFfmpegAssembler, HINT_TOLERANCE_LU, parseIntegratedLoudness } from './ffmpeg';

/**
 * The mix's loudness normalisation, counting the passes it makes (ffmpeg runs over the sound): three
 * without a hint, one with the gain an earlier mix of the same narration needed (a re-render after a
 * music change), two when that hint is far off. Each pass that encodes hands its mix through a pipe
 * to an encoder of its own, counted apart.
 */
describe('When the sound of a video is mixed', () => {
  const dir = tempDir('mix');
  const counted = join(dir, 'ffmpeg-runs.log');
  const ffmpeg = join(dir, 'ffmpeg');
  writeFileSync(ffmpeg, `#!/bin/sh\necho "$*" >> '${counted}'\nexec '${DEFAULT_MEDIA_TOOLS.ffmpeg}' "$@"\n`);
  chmodSync(ffmpeg, 0o755);
  const assembler = createFfmpegAssembler({ tools: { ...DEFAULT_MEDIA_TOOLS, ffmpeg } });
  const logged = () => readFileSync(counted, 'utf8').split('\n').filter(Boolean);
  const isEncoder = (args: string) => args.includes('-i pipe:0');
  const narrationPath = join(dir, 'narration.wav');
  const musicPath = join(dir, 'music.m4a');
  const mix = async (name: string, musicVolume: number, gainHintDb?: number) => {
    writeFileSync(counted, '');
    const result = await assembler.mix({ narrationPath, musicPath, musicVolume, ducking: true, durationSeconds: 12, outDir: join(dir, name), ...(gainHintDb === undefined ? {} : { gainHintDb }) });
    return { ...result, runs: logged().filter((args) => !isEncoder(args)).length, encoders: logged().filter(isEncoder).length, measured: await integratedLoudness(result.audioPath) };
  };
  let first: Awaited<ReturnType<typeof mix>>;

  beforeAll(async () => {
    // A voice-like signal (bursts of noise, a syllable's length, with pauses) and a music bed.
    await run(DEFAULT_MEDIA_TOOLS.ffmpeg, ['-v', 'error', '-y', '-f', 'lavfi', '-i', "anoisesrc=d=11:c=pink:a=0.25:seed=7,volume='if(lt(mod(t,0.7),0.45),1,0.03)':eval=frame", '-ar', '24000', '-ac', '1', narrationPath]);
    await run(DEFAULT_MEDIA_TOOLS.ffmpeg, ['-v', 'error', '-y', '-f', 'lavfi', '-i', 'sine=f=330:d=13,volume=0.2', '-ar', '44100', '-ac', '2', '-c:a', 'aac', musicPath]);
    first = await mix('first', 0.3);
  }, 60_000);

  it('given no hint, when mixed, then it measures, tries the limiter, and encodes at the target loudness', () => {
    expect(first.runs).toBe(3);
    expect(first.encoders).toBe(1);
    expect(first.gainDb).toBeGreaterThan(0);
    expect(Math.abs(first.measured + 14)).toBeLessThanOrEqual(HINT_TOLERANCE_LU);
  });

  it('given a mono voice and a bed, when mixed, then one channel is encoded at the mono bitrate, heard on two speakers at the target loudness', async () => {
    const { stdout } = await run(DEFAULT_MEDIA_TOOLS.ffprobe, ['-v', 'error', '-select_streams', 'a:0', '-show_entries', 'stream=sample_rate,channels,bit_rate', '-of', 'csv=p=0', first.audioPath]);
    const [sampleRate, channels, bitRate] = stdout.trim().split(',').map(Number);
    expect([sampleRate, channels]).toEqual([48000, 1]);
    expect(Math.abs(bitRate - 128_000)).toBeLessThan(8_000);
    // The same channel on both speakers, measured as any stereo track is: -14, as the two equal channels used to be.
    const speakers = join(dir, 'speakers.wav');
    await run(DEFAULT_MEDIA_TOOLS.ffmpeg, ['-v', 'error', '-y', '-i', first.audioPath, '-af', 'pan=stereo|c0=c0|c1=c0', speakers]);
    const { stderr } = await run(DEFAULT_MEDIA_TOOLS.ffmpeg, ['-hide_banner', '-nostats', '-i', speakers, '-af', 'ebur128', '-f', 'null', '-']);
    expect(Math.abs(parseIntegratedLoudness(stderr)! + 14)).toBeLessThanOrEqual(HINT_TOLERANCE_LU);
  });

  it('given the gain the narration needed before, when the music level changes, then one pass mixes and encodes it', async () => {
    const again = await mix('quieter-music', 0.1, first.gainDb);
    expect(again.runs).toBe(1);
    expect(again.encoders).toBe(1);
    expect(again.gainDb).toBe(first.gainDb);
    expect(Math.abs(again.measured + 14)).toBeLessThanOrEqual(HINT_TOLERANCE_LU);
    expect(again.loudness).toBeCloseTo(again.measured, 0);
  }, 60_000);

  it('given a hint far off the target, when mixed, then it is encoded once more at the corrected gain', async () => {
    const corrected = await mix('far-off', 0.1, first.gainDb! - 8);
    expect(corrected.runs).toBe(2);
    expect(corrected.encoders).toBe(2);
    expect(corrected.gainDb).toBeGreaterThan(first.gainDb! - 4);
    expect(Math.abs(corrected.measured + 14)).toBeLessThanOrEqual(HINT_TOLERANCE_LU);
  }, 60_000);
});
