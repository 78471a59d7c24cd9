/**
 * The spec's toasts for the server's refusals (section 8), one mapping for every page that can
 * meet them: the generation wizard, and the studio (a re-render takes the same one render slot).
 */
export interface ServerMessageToast {
  title: string;
  description?: string;
}

const BY_SERVER_MESSAGE: Record<string, ServerMessageToast> = {
  'User not found': { title: 'User not found.', description: 'Please log in again.' },
  'Monthly video limit reached': { title: 'You have reached your monthly video limit.', description: 'Please upgrade your plan.' },
  'Video is still processing': { title: 'Your previous video is still processing.', description: 'Please try again later.' },
  'Invalid topic selected': { title: 'Invalid topic selected.', description: 'Please choose a valid topic.' },
};

/** The spec's toast for a server message it words, or undefined. */
export function serverMessageToast(serverError: string | undefined): ServerMessageToast | undefined {
  return serverError ? BY_SERVER_MESSAGE[serverError.trim()] : undefined;
}
