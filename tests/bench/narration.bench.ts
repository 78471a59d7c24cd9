import { execFileSync } from 'node:child_process';
import { rm } from 'node:fs/promises';
import { availableParallelism } from 'node:os';
import { join } from 'node:path';
import { LocalDiskBlobStore } from '@app/platform';
import type { RenderRequest } from '@app/domain';
import { createRenderPipeline } from '@app/render-workers';
import { createKokoroNarrator, ensureNativeHelper, offlineProviders, quietLogger, run, tempDir, writeOfflineScript } from '@app/render-workers/testing';
import type { BenchRow } from './stores';

/**
 * Neural narration benchmarks (Kokoro-82M v1.0 int8, float convolutions, onnxruntime-node on the CPU):
 *  (a) synthesis real-time factor of a 60 s English script (seconds of synthesis per second of
 *      speech; below 1 is faster than real time), with the pool as the product sizes it (one
 *      session per core, one thread each) and with one session of as many threads, to show the choice;
 *  (b) topic-to-done of a 60 s 9:16 video with the neural voice, beside the same video narrated by
 *      espeak-ng (offline providers otherwise, as `npm start`). Target <= 60 s on 2 cores.
 *  (c) how far the neural voice's word timings (the captions') are from where the words are in its
 *      audio: six ~20 s English clips in six catalogue voices, force-aligned by pocketsphinx's en-us
 *      model (infra/scripts/pocketsphinx.sh, from PyPI); error of each word's start. And, as a
 *      machine's ear, the share of words that recogniser misses in each voice's audio (WER).
 * The first synthesis of each pool loads the model (a few seconds) and is not counted in (a).
 */
export async function benchNarration(): Promise<BenchRow[]> {
  ensureNativeHelper();
  const cores = availableParallelism();
  const root = tempDir('bench-narration');
  const request: RenderRequest = {
    videoId: `bench-narration-${Date.now()}`, userId: 'bench', topic: 'Fun Facts', customPrompt: null, language: 'English',
    voiceId: 'nPczCjzI2devNBz1zQrb', style: 'anime', aspectRatio: '9:16', duration: 60, requestedAt: new Date().toISOString(),
  };
  const rows: BenchRow[] = [];

  // (b) first, with the pool as the product builds it: espeak-ng, then the neural voice.
  const topicToDone = async (label: string, narrator: ReturnType<typeof offlineProviders>['narrator']) => {
    const providers = { ...offlineProviders({ preset: process.env.RENDER_PRESET ?? 'veryfast' }), narrator };
    const pipeline = createRenderPipeline({ ...providers, blobs: new LocalDiskBlobStore(`${root}/${label}/blobs`), workDir: `${root}/${label}/work`, logger: quietLogger() });
    const t0 = performance.now();
    await pipeline.run({ ...request, videoId: `${request.videoId}-${label}` }, { onStatus: () => undefined });
    const seconds = (performance.now() - t0) / 1000;
    return seconds;
  };
  const espeakSeconds = await topicToDone('espeak', offlineProviders().narrator);
  const product = createKokoroNarrator({ workers: cores, threads: 1 });
  // Warm: the model is loaded once per render worker process, not per video.
  await product.narrate({ lines: ['Ready.'], voiceId: request.voiceId, language: 'English', outDir: `${root}/warm` });
  const neuralSeconds = await topicToDone('neural', product);
  rows.push({ name: 'topic to done, 60 s 9:16, espeak-ng narration', value: round(espeakSeconds), unit: 's' });
  rows.push({ name: `topic to done, 60 s 9:16, neural narration (${cores} sessions x 1 thread)`, value: round(neuralSeconds), unit: 's', target: '<= 60' });

  // (a) synthesis alone, the same script, two pool shapes.
  const script = ['Did you know that honey never spoils? Archaeologists have found pots of honey in ancient Egyptian tombs that are over three thousand years old, and still perfectly edible.',
    'Octopuses have three hearts. Two pump blood to the gills, while the third pumps it to the rest of the body.',
    'Bananas are berries, but strawberries are not. In botany, a berry comes from a single flower with one ovary.',
    'A day on Venus is longer than its year. It spins so slowly that the Sun rises in the west and sets in the east, hours later.',
    'Wombats make cube-shaped droppings. Scientists think the shape keeps them from rolling away, marking territory on rocks and logs.',
    'The Eiffel Tower grows in summer. Heat makes the iron expand, and the top can rise by fifteen centimetres on a hot day.'];
  const shapes: Array<[string, number, number]> = [[`${cores} sessions x 1 thread`, cores, 1], [`1 session x ${cores} threads`, 1, cores]];
  for (const [label, workers, threads] of shapes) {
    const narrator = workers === cores && threads === 1 ? product : createKokoroNarrator({ workers, threads });
    await narrator.narrate({ lines: ['Ready.'], voiceId: request.voiceId, language: 'English', outDir: `${root}/warm-${workers}` });
    const t0 = performance.now();
    const result = await narrator.narrate({ lines: script, voiceId: request.voiceId, language: 'English', outDir: `${root}/rtf-${workers}` });
    const seconds = (performance.now() - t0) / 1000;
    rows.push({ name: `neural synthesis real-time factor, ${result.durationSeconds.toFixed(0)} s of English, ${label}`, value: round(seconds / result.durationSeconds), unit: 'x' });
    if (narrator !== product) await narrator.close();
  }
  rows.push(...(await timingAndIntelligibility({ neural: product, espeak: offlineProviders().narrator }, root)));
  await product.close();
  await rm(root, { recursive: true, force: true });
  return rows;
}

const round = (n: number) => Math.round(n * 100) / 100;

/** Scripts of the offline writer whose every word is in the aligner's dictionary, each in another voice. */
const ALIGNED_CLIPS: Array<[topic: string, seed: string, voiceId: string]> = [
  ['Fun Facts', 'a', 'nPczCjzI2devNBz1zQrb'], ['Science Facts', 'b', 'XrExE9yKIg1WjnnlVkGX'], ['Motivational', 'a', 'JBFqnCBsd6RMkjVDRZzb'],
  ['Life Pro Tips', 'c', 'pFZP5JQG7iQjIQuC4Bku'], ['Scary Stories', 'b', 'SAz9YHcvj6GT2YYXdXww'], ['Long Form Jokes', 'b', 'bIHbv24MWmeRgasZH58o'],
];

type Narrator = ReturnType<typeof offlineProviders>['narrator'];

/**
 * (c): the neural narrator's word starts against pocketsphinx's forced alignment of the same audio,
 * and how much of each voice's speech a general English recogniser makes out (word error rate of
 * pocketsphinx on the same six texts, the neural voice beside espeak-ng): a machine's ear.
 */
async function timingAndIntelligibility(narrators: { neural: Narrator; espeak: Narrator }, root: string): Promise<BenchRow[]> {
  const python = /POCKETSPHINX_PYTHON=(.+)/.exec(execFileSync('bash', [join(__dirname, '../../infra/scripts/pocketsphinx.sh')], { encoding: 'utf8' }))?.[1].trim();
  if (!python) throw new Error('infra/scripts/pocketsphinx.sh did not say where pocketsphinx is');
  const listen = async (label: string, narrator: Narrator) => {
    const clips: Array<{ wav: string; words: string[]; starts: number[] }> = [];
    for (const [k, [topic, seed, voiceId]] of ALIGNED_CLIPS.entries()) {
      const script = writeOfflineScript({ topic, language: 'English', durationSeconds: 30, minDurationSeconds: 15, style: 'anime', seed });
      const result = await narrator.narrate({ lines: script.narrationScript, voiceId, language: 'English', outDir: `${root}/${label}-${k}` });
      const wav = `${root}/${label}-${k}.wav`;
      execFileSync('ffmpeg', ['-hide_banner', '-v', 'error', '-y', '-i', result.audioPath, '-ar', '16000', '-ac', '1', '-c:a', 'pcm_s16le', wav]);
      clips.push({ wav, words: result.words.map((w) => w.word), starts: result.words.map((w) => w.start) });
    }
    const { stdout } = await run(python, [join(__dirname, 'forced-align.py')], { input: JSON.stringify(clips.map(({ wav, words }) => ({ wav, words }))) });
    const heard = JSON.parse(stdout) as Array<{ starts?: number[]; error?: string; wer: number }>;
    return { clips, heard, wer: heard.reduce((sum, h) => sum + h.wer, 0) / heard.length };
  };
  const neural = await listen('neural', narrators.neural);
  const espeak = await listen('espeak', narrators.espeak);
  const errors = neural.clips.flatMap((clip, k) => {
    const aligned = neural.heard[k].starts;
    if (!aligned) throw new Error(`forced alignment of clip ${k}: ${neural.heard[k].error}`);
    return clip.starts.map((start, i) => Math.abs(start - aligned[i]) * 1000);
  }).sort((a, b) => a - b);
  const label = `${errors.length} words, ${neural.clips.length} voices`;
  return [
    { name: `neural word start error vs forced alignment (pocketsphinx en-us), ${label}: mean`, value: Math.round(errors.reduce((a, b) => a + b, 0) / errors.length), unit: 'ms' },
    { name: `neural word start error vs forced alignment (pocketsphinx en-us), ${label}: p90`, value: Math.round(errors[Math.floor(errors.length * 0.9)]), unit: 'ms' },
    { name: `words a recogniser misses (pocketsphinx en-us WER), same ${neural.clips.length} English texts: espeak-ng`, value: round(espeak.wer), unit: 'ratio' },
    { name: `words a recogniser misses (pocketsphinx en-us WER), same ${neural.clips.length} English texts: neural`, value: round(neural.wer), unit: 'ratio' },
  ];
}
