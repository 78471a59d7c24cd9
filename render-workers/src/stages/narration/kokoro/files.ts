import { createHash } from 'node:crypto';
import { createReadStream } from 'node:fs';
import { stat } from 'node:fs/promises';
import { join } from 'node:path';
import { REPO_ROOT } from '../../../shared/paths';
import manifest from './files.json';

/** Where infra/scripts/kokoro.sh installs the model and voices (TTS_MODEL_DIR names another directory). */
export const DEFAULT_TTS_MODEL_DIR = join(REPO_ROOT, '.infra/kokoro');

export interface PinnedFile {
  /** Path inside the model directory. */
  path: string;
  bytes: number;
  sha256: string;
}

/** Every file the neural narrator reads, with its pinned size and sha256 (files.json, shared with the install script). */
export const KOKORO_FILES: readonly PinnedFile[] = [
  { path: manifest.model.file, bytes: manifest.model.bytes, sha256: manifest.model.sha256 },
  ...Object.entries(manifest.voices).map(([id, sha256]) => ({ path: `voices/${id}.bin`, bytes: manifest.voiceBytes, sha256 })),
];

export const MODEL_FILE = manifest.model.file;
export const STYLE_VOICES = Object.keys(manifest.voices);

/**
 * A model or voice file that is missing or is not the pinned one: names the file and the checksum it
 * must have. `file` is its full path (for the operator's log); `publicMessage` names it inside
 * TTS_MODEL_DIR only, for answers anyone may read (the service status).
 */
export class NeuralModelError extends Error {
  override name = 'NeuralModelError';
  readonly file: string;
  readonly publicMessage: string;
  constructor(dir: string, readonly path: string, readonly expectedSha256: string, problem: string) {
    const explain = (name: string) => `Neural narration file ${name} ${problem}; expected sha256 ${expectedSha256}. Install it with infra/scripts/kokoro.sh, or fetch it by hand into TTS_MODEL_DIR (README, "Neural narration").`;
    const file = join(dir, path);
    super(explain(file));
    this.file = file;
    this.publicMessage = explain(`TTS_MODEL_DIR/${path}`);
  }
}

/** Hashes already checked in this process, by path, valid while the file keeps its size and mtime. */
const checked = new Map<string, { size: number; mtimeMs: number; sha256: string }>();

async function sha256Of(path: string): Promise<string> {
  const hash = createHash('sha256');
  for await (const chunk of createReadStream(path, { highWaterMark: 1 << 20 })) hash.update(chunk as Buffer);
  return hash.digest('hex');
}

/** Checks one file against its pin: hashed once, then again only when its size or mtime changes. */
export async function verifyFile(dir: string, file: PinnedFile): Promise<void> {
  const path = join(dir, file.path);
  const info = await stat(path).catch(() => null);
  if (!info || !info.isFile()) throw new NeuralModelError(dir, file.path, file.sha256, 'is missing');
  if (info.size !== file.bytes) throw new NeuralModelError(dir, file.path, file.sha256, `has ${info.size} bytes instead of ${file.bytes}`);
  const known = checked.get(path);
  const sha256 = known && known.size === info.size && known.mtimeMs === info.mtimeMs ? known.sha256 : await sha256Of(path);
  checked.set(path, { size: info.size, mtimeMs: info.mtimeMs, sha256 });
  if (sha256 !== file.sha256) throw new NeuralModelError(dir, file.path, file.sha256, `has sha256 ${sha256}`);
}

/** Verifies every pinned file in `dir`; rejects with the first problem (a NeuralModelError). */
export async function verifyKokoroFiles(dir: string, files: readonly PinnedFile[] = KOKORO_FILES): Promise<void> {
  for (const file of files) await verifyFile(dir, file);
}
