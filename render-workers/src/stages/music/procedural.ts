import { mkdir, rename, rm, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { createRng, type Rng } from '../../shared/random';
import { wavFile } from '../narration/espeak';
import type { MusicComposer, MusicRequest } from './port';

const SAMPLE_RATE = 32000;
const TABLE_SIZE = 4096;
const SINE = Float32Array.from({ length: TABLE_SIZE }, (_, i) => Math.sin((2 * Math.PI * i) / TABLE_SIZE));
const sin = (phase: number) => SINE[Math.floor((phase - Math.floor(phase)) * TABLE_SIZE)];

interface MoodSpec {
  bpm: [number, number];
  minor: boolean;
  progressions: number[][];
  arp: boolean;
  drums: boolean;
  bass: boolean;
  /** Pad brightness: number of harmonics. */
  harmonics: number;
  bell: boolean;
}

/** Each mood: tempo, key quality, chord progressions (scale degrees) and which parts play. */
const MOODS: Record<string, MoodSpec> = {
  calm: { bpm: [64, 76], minor: false, progressions: [[0, 5, 3, 4], [0, 3, 5, 4], [0, 4, 5, 3]], arp: false, drums: false, bass: true, harmonics: 2, bell: true },
  dreamy: { bpm: [70, 84], minor: false, progressions: [[0, 5, 3, 4], [3, 4, 0, 5], [0, 2, 3, 4]], arp: true, drums: false, bass: true, harmonics: 3, bell: true },
  tense: { bpm: [60, 72], minor: true, progressions: [[0, 0, 5, 4], [0, 6, 5, 6], [0, 1, 0, 4]], arp: true, drums: false, bass: true, harmonics: 3, bell: false },
  upbeat: { bpm: [108, 124], minor: false, progressions: [[0, 4, 5, 3], [0, 5, 3, 4], [3, 4, 0, 0]], arp: true, drums: true, bass: true, harmonics: 3, bell: false },
  playful: { bpm: [112, 128], minor: false, progressions: [[0, 3, 4, 0], [0, 5, 1, 4], [0, 4, 3, 4]], arp: true, drums: true, bass: true, harmonics: 2, bell: true },
  epic: { bpm: [84, 96], minor: true, progressions: [[0, 5, 2, 6], [0, 3, 5, 4], [5, 3, 0, 4]], arp: true, drums: true, bass: true, harmonics: 3, bell: false },
};

const MAJOR = [0, 2, 4, 5, 7, 9, 11];
const MINOR = [0, 2, 3, 5, 7, 8, 10];

/** Offline background music: a seeded chord progression with pad, bass, arpeggio and light drums per mood. */
export function createProceduralComposer(): MusicComposer {
  return {
    name: 'procedural',
    async compose(request: MusicRequest, signal?: AbortSignal): Promise<string> {
      signal?.throwIfAborted();
      await mkdir(request.outDir, { recursive: true });
      // Synthesis is synchronous: let an abort that arrived meanwhile stop the attempt before it writes.
      await new Promise<void>((resolve) => setImmediate(resolve));
      signal?.throwIfAborted();
      const pcm = synthesize(request.durationSeconds, request.mood, request.seed);
      signal?.throwIfAborted();
      const path = join(request.outDir, 'music.wav');
      const partial = `${path}.part`;
      try {
        await writeFile(partial, wavFile(pcm, SAMPLE_RATE), { signal });
        signal?.throwIfAborted();
        await rename(partial, path);
      } catch (error) {
        await rm(partial, { force: true });
        throw error;
      }
      return path;
    },
  };
}

function moodSpec(mood: string): MoodSpec {
  return MOODS[mood] ?? MOODS.calm;
}

/** 16-bit mono PCM at 32 kHz, `seconds` long plus a short tail, faded in and out. */
function synthesize(seconds: number, mood: string, seed: string): Buffer {
  const spec = moodSpec(mood);
  const rng = createRng(`music:${seed}:${mood}`);
  const total = Math.ceil((seconds + 1) * SAMPLE_RATE);
  const out = new Float32Array(total);
  const bpm = rng.int(spec.bpm[0], spec.bpm[1]);
  const beat = 60 / bpm;
  const bar = beat * 4;
  const chordLength = bar * (spec.drums ? 1 : 2);
  const rootMidi = rng.int(spec.minor ? 45 : 48, spec.minor ? 50 : 53);
  const scale = spec.minor ? MINOR : MAJOR;
  const progression = rng.pick(spec.progressions);
  const degreeToMidi = (degree: number, octave = 0) => rootMidi + scale[((degree % 7) + 7) % 7] + 12 * (Math.floor(degree / 7) + octave);
  const hz = (midi: number) => 440 * 2 ** ((midi - 69) / 12);
  const chordCount = Math.ceil(seconds / chordLength) + 1;

  for (let c = 0; c < chordCount; c++) {
    const degree = progression[c % progression.length];
    const start = c * chordLength;
    const tones = [degree, degree + 2, degree + 4].map((d) => degreeToMidi(d));
    // Pad: detuned harmonics with slow attack and release, overlapping the next chord a little.
    for (const midi of [...tones, tones[0] + 12]) {
      addVoice(out, start, chordLength + 0.4, (t) => {
        const env = Math.min(1, t / 0.8) * Math.min(1, (chordLength + 0.4 - t) / 0.6);
        return env * 0.05;
      }, hz(midi), spec.harmonics, rng);
    }
    if (spec.bass) {
      const bassHz = hz(degreeToMidi(degree, -1));
      const hits = spec.drums ? 4 * (chordLength / bar) : 2;
      for (let k = 0; k < hits; k++) {
        const s = start + (k * chordLength) / hits;
        addVoice(out, s, chordLength / hits, (t) => Math.exp(-t * 3) * 0.14 * Math.min(1, t / 0.01), bassHz, 2, rng);
      }
    }
    if (spec.arp) {
      const step = beat / 2;
      const pattern = rng.pick([[0, 1, 2, 1], [0, 2, 1, 2], [0, 1, 2, 3], [2, 1, 0, 1]]);
      const notes = [...tones.map((m) => m + 12), tones[0] + 24];
      for (let k = 0; k * step < chordLength; k++) {
        if (!spec.drums && rng.next() < 0.3) continue;
        const midi = notes[pattern[k % pattern.length]];
        addVoice(out, start + k * step, step * 2, (t) => Math.exp(-t * 6) * 0.05 * Math.min(1, t / 0.005), hz(midi), 1, rng);
      }
    }
    if (spec.bell && c % 2 === 0) {
      const midi = tones[rng.int(0, 2)] + 24;
      addVoice(out, start + beat * rng.int(0, 3), 3, (t) => Math.exp(-t * 1.5) * 0.04, hz(midi), 1, rng, 2.76);
    }
    if (spec.drums) {
      for (let k = 0; k < 4 * (chordLength / bar); k++) {
        const s = start + k * beat;
        addKick(out, s);
        addHat(out, s + beat / 2, rng);
      }
    }
  }
  // Fades and peak normalisation to -3 dBFS.
  const fadeIn = SAMPLE_RATE * 1.0;
  const fadeOutStart = Math.floor(seconds * SAMPLE_RATE) - SAMPLE_RATE * 2;
  let peak = 1e-6;
  for (let i = 0; i < total; i++) {
    let g = Math.min(1, i / fadeIn);
    if (i > fadeOutStart) g *= Math.max(0, 1 - (i - fadeOutStart) / (SAMPLE_RATE * 2));
    out[i] *= g;
    peak = Math.max(peak, Math.abs(out[i]));
  }
  const gain = 0.708 / peak;
  const pcm = Buffer.alloc(total * 2);
  for (let i = 0; i < total; i++) pcm.writeInt16LE(Math.max(-32767, Math.min(32767, Math.round(out[i] * gain * 32767))), i * 2);
  return pcm;
}

function addVoice(out: Float32Array, start: number, length: number, envelope: (t: number) => number, freq: number, harmonics: number, rng: Rng, partial = 2): void {
  const from = Math.floor(start * SAMPLE_RATE);
  const to = Math.min(out.length, Math.floor((start + length) * SAMPLE_RATE));
  if (to <= from) return;
  const env = new Float32Array(to - from);
  for (let i = 0; i < env.length; i++) env[i] = envelope(i / SAMPLE_RATE);
  const detune = 1 + rng.range(-0.003, 0.003);
  for (let h = 1; h <= harmonics; h++) {
    const step = ((freq * detune * (h === 1 ? 1 : partial === 2 ? h : partial * (h - 1))) / SAMPLE_RATE) * TABLE_SIZE;
    const amp = 1 / (h * h * 0.7 + 0.3);
    let phase = rng.next() * TABLE_SIZE;
    for (let i = from; i < to; i++) {
      out[i] += SINE[phase & (TABLE_SIZE - 1)] * amp * env[i - from];
      phase += step;
      if (phase >= 1e9) phase -= Math.floor(phase / TABLE_SIZE) * TABLE_SIZE;
    }
  }
}

function addKick(out: Float32Array, start: number): void {
  const from = Math.floor(start * SAMPLE_RATE);
  const to = Math.min(out.length, from + Math.floor(0.25 * SAMPLE_RATE));
  let phase = 0;
  for (let i = from; i < to; i++) {
    const t = (i - from) / SAMPLE_RATE;
    phase += (45 + 90 * Math.exp(-t * 30)) / SAMPLE_RATE;
    out[i] += sin(phase) * Math.exp(-t * 12) * 0.22;
  }
}

function addHat(out: Float32Array, start: number, rng: Rng): void {
  const from = Math.floor(start * SAMPLE_RATE);
  const to = Math.min(out.length, from + Math.floor(0.05 * SAMPLE_RATE));
  let prev = 0;
  for (let i = from; i < to; i++) {
    const t = (i - from) / SAMPLE_RATE;
    const noise = rng.next() * 2 - 1;
    const high = noise - prev; // crude high-pass
    prev = noise;
    out[i] += high * Math.exp(-t * 80) * 0.035;
  }
}
