/** What the wizard shows for a failed `POST /api/generate-video` (spec section 8). */
export interface GenerationErrorToast {
  title: string;
  description?: string;
  /** Offer the Upgrade action to /dashboard/billing. */
  upgrade: boolean;
}

const BY_SERVER_MESSAGE: Record<string, Omit<GenerationErrorToast, 'upgrade'>> = {
  'User not found': { title: 'User not found.', description: 'Please log in again.' },
  'Monthly video limit reached': { title: 'You have reached your monthly video limit.', description: 'Please upgrade your plan.' },
  'Video is still processing': { title: 'Your previous video is still processing.', description: 'Please try again later.' },
  'Invalid topic selected': { title: 'Invalid topic selected.', description: 'Please choose a valid topic.' },
};

export function generationErrorToast(serverError: string | undefined): GenerationErrorToast {
  const known = serverError ? BY_SERVER_MESSAGE[serverError.trim()] : undefined;
  if (known) return { ...known, upgrade: false };
  return { title: 'Please subscribe to generate video.', upgrade: true };
}
