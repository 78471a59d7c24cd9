import type { Language, Script } from '@app/domain';

/** Script stage provider: writes the title, caption and narration lines for one video. */
export interface ScriptRequest {
  topic: string;
  customPrompt?: string | null;
  language: Language;
  /** Upper bound of the requested duration range, seconds; narration must fit inside the range. */
  durationSeconds: number;
  /** Lower bound of the range, seconds. */
  minDurationSeconds: number;
  /** Art style id, so scene descriptions can suit it. */
  style: string;
  /** Deterministic seed (derived from the video id) for offline writers. */
  seed: string;
}

export interface ScriptResult extends Script {
  /** One visual description per scene (same count as scenes the assembler will show), in English. */
  scenes: string[];
}

export interface ScriptWriter {
  readonly name: string;
  write(request: ScriptRequest, signal?: AbortSignal): Promise<ScriptResult>;
}
