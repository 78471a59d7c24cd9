import { existsSync } from 'node:fs';
import { mkdir, rename, rm } from 'node:fs/promises';
import { join } from 'node:path';
import { findVoice } from '@app/domain';
import { DEFAULT_MEDIA_TOOLS, run, type MediaTools } from '../../shared/exec';
import type { Narrator } from './port';

export interface VoicePreviewOptions {
  narrator: Narrator;
  /** Where previews are cached, one `<voiceId>.mp3` each. */
  cacheDir: string;
  /** ffmpeg / ffprobe executables (default: from PATH). */
  tools?: MediaTools;
}

export interface VoicePreviews {
  /** Path of the cached preview (rendered on first use); null for an unknown voice. */
  previewPath(voiceId: string, signal?: AbortSignal): Promise<string | null>;
}

/**
 * Voice previews for `/api/voices/:id/preview`: the voice says its catalogue previewText, encoded
 * as a small MP3 and cached on disk, so the first request renders it and the rest are a file read.
 */
export function createVoicePreviews(options: VoicePreviewOptions): VoicePreviews {
  const pending = new Map<string, Promise<string>>();
  const tools = options.tools ?? DEFAULT_MEDIA_TOOLS;
  const render = async (voiceId: string, previewText: string, signal?: AbortSignal): Promise<string> => {
    const target = join(options.cacheDir, `${voiceId}.mp3`);
    if (existsSync(target)) return target;
    const work = join(options.cacheDir, `.tmp-${voiceId}-${process.pid}-${Date.now()}`);
    try {
      const narration = await options.narrator.narrate({ lines: [previewText], voiceId, language: 'English', outDir: work }, signal);
      const tmp = join(work, 'preview.mp3');
      await run(tools.ffmpeg, ['-v', 'error', '-y', '-i', narration.audioPath, '-af', 'loudnorm=I=-16:TP=-1.5:LRA=11', '-ar', '44100', '-ac', '1', '-c:a', 'libmp3lame', '-b:a', '64k', tmp], { signal });
      await mkdir(options.cacheDir, { recursive: true });
      await rename(tmp, target);
      return target;
    } finally {
      await rm(work, { recursive: true, force: true });
    }
  };
  return {
    async previewPath(voiceId, signal) {
      const voice = findVoice(voiceId);
      if (!voice) return null;
      let job = pending.get(voiceId);
      if (!job) {
        job = render(voiceId, voice.previewText, signal).finally(() => pending.delete(voiceId));
        pending.set(voiceId, job);
      }
      return job;
    },
  };
}
