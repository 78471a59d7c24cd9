import { serverErrorOf } from '../../../lib/api';
import { serverMessageToast } from '../../../lib/server-messages';

/**
 * The toast of a refused studio call: the spec's wording where it has one (a re-render refused
 * while a render runs: 'Your previous video is still processing.' / 'Please try again later.'),
 * else the server's message, else `fallback`.
 */
export function refusalToast(error: unknown, fallback: string): { title: string; description?: string; variant: 'destructive' } {
  const message = serverErrorOf(error);
  const known = serverMessageToast(message);
  return known ? { ...known, variant: 'destructive' } : { title: 'Error', description: message ?? fallback, variant: 'destructive' };
}
