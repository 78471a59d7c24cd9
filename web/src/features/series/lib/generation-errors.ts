import { serverMessageToast, type ServerMessageToast } from '../../../lib/server-messages';

/** What the wizard shows for a failed `POST /api/generate-video` (spec section 8). */
export interface GenerationErrorToast extends ServerMessageToast {
  /** Offer the Upgrade action to /dashboard/billing. */
  upgrade: boolean;
}

export function generationErrorToast(serverError: string | undefined): GenerationErrorToast {
  const known = serverMessageToast(serverError);
  if (known) return { ...known, upgrade: false };
  return { title: 'Please subscribe to generate video.', upgrade: true };
}
