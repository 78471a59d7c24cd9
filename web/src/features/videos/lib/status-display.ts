import { STATUS_BEFORE_ANY, statusProgress, type VideoStatus } from '@app/domain';

export interface StatusDisplay {
  percent: number;
  message: string;
  done: boolean;
  failed: boolean;
}

/** Status table of spec section 4; before any status the message is 'Starting to generate video ...'. */
export function statusDisplay(status: VideoStatus | null | undefined): StatusDisplay {
  if (!status) return { percent: 0, message: STATUS_BEFORE_ANY, done: false, failed: false };
  if (status === 'failed') return { percent: 0, message: 'Video generation failed', done: false, failed: true };
  const { percent, message } = statusProgress(status);
  return { percent, message, done: status === 'done', failed: false };
}

/** Polling stops at done (and at failed: nothing more will happen). */
export function isFinal(status: VideoStatus | null | undefined): boolean {
  return status === 'done' || status === 'failed';
}
