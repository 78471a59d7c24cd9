import { join } from 'node:path';
import { findVoice } from '@app/domain';
import { DEFAULT_MEDIA_TOOLS, run, type MediaTools } from '../../shared/exec';
import { fileCache } from '../../shared/file-cache';
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
  /** The engine the previews are spoken by (neural voice or espeak-ng): previews by another are out of date. */
  narratorName(): Promise<string>;
}

/**
 * Voice previews for `/api/voices/:id/preview`: the voice says its catalogue previewText, encoded
 * as a small MP3 and cached on disk, so the first request renders it and the rest are a file read.
 */
export function createVoicePreviews(options: VoicePreviewOptions): VoicePreviews {
  const cached = fileCache(options.cacheDir);
  const tools = options.tools ?? DEFAULT_MEDIA_TOOLS;
  const narratorName = async () => {
    await options.narrator.ready?.();
    return options.narrator.name;
  };
  return {
    narratorName,
    async previewPath(voiceId, signal) {
      const voice = findVoice(voiceId);
      if (!voice) return null;
      // Cached per engine: when the neural voice becomes available (or goes), the previews are spoken again.
      return cached(`${voiceId}.${await narratorName()}.mp3`, async (scratch) => {
        const narration = await options.narrator.narrate({ lines: [voice.previewText], voiceId, language: 'English', outDir: scratch }, signal);
        const mp3 = join(scratch, 'preview.mp3');
        await run(tools.ffmpeg, ['-v', 'error', '-y', '-i', narration.audioPath, '-af', 'loudnorm=I=-16:TP=-1.5:LRA=11', '-ar', '44100', '-ac', '1', '-c:a', 'libmp3lame', '-b:a', '64k', mp3], { signal });
        return mp3;
      });
    },
  };
}
