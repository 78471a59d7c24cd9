import type { VideoStatus } from '@app/domain';

/** The widget's four steps and their weights in seconds (spec section 4). */
export const PROGRESS_STEPS = [
  { key: 'story', label: 'Writing the story', seconds: 30 },
  { key: 'audio', label: 'Recording the narration', seconds: 45 },
  { key: 'images', label: 'Illustrating the scenes', seconds: 60 },
  { key: 'video', label: 'Assembling the video', seconds: 90 },
] as const;

/** Fixed estimate for a new series (spec section 4). */
export const NEW_SERIES_ESTIMATE_MINUTES = 4;

export type StepState = 'completed' | 'active' | 'pending' | 'failed';

export interface ProgressView {
  steps: { key: string; label: string; seconds: number; state: StepState }[];
  remainingMinutes: number;
  completed: number;
  failed: boolean;
  done: boolean;
}

/** How many of the four steps a generation status has finished. */
export function completedSteps(status: VideoStatus | null | undefined): number {
  switch (status) {
    case 'script':
      return 1;
    case 'audio':
      return 2;
    case 'images':
      return 3;
    case 'video':
    case 'uploading':
    case 'done':
      return 4;
    default:
      return 0;
  }
}

/**
 * Step states and remaining minutes. `lastStatus` is the last status before a failure,
 * so the step that was running is the one marked failed.
 */
export function progressView(lastStatus: VideoStatus | null | undefined, failed = false): ProgressView {
  const completed = completedSteps(lastStatus === 'failed' ? null : lastStatus);
  const steps = PROGRESS_STEPS.map((step, i) => ({
    ...step,
    state: (i < completed ? 'completed' : i === completed ? (failed ? 'failed' : 'active') : 'pending') as StepState,
  }));
  const remainingSeconds = failed ? 0 : PROGRESS_STEPS.slice(completed).reduce((sum, s) => sum + s.seconds, 0);
  return {
    steps,
    remainingMinutes: Math.ceil(remainingSeconds / 60),
    completed,
    failed,
    done: !failed && lastStatus === 'done',
  };
}
