/**
 * Page-view pixel (spec section 1: an advertising network's pixel reports every page view).
 * No-op by default: a pixel loads only when the build sets VITE_PIXEL_ID (docs/spec-deviations.md).
 * It sends the network's no-script beacon (an image request), so no third-party script runs on the page.
 */
import { env } from '../config/env';

let lastReported: string | undefined;

export function trackPageView(path: string, pixelId: string = env.pixelId): boolean {
  if (!pixelId || typeof window === 'undefined') return false;
  if (lastReported === path) return false;
  lastReported = path;
  const url = new URL('https://www.facebook.com/tr');
  url.searchParams.set('id', pixelId);
  url.searchParams.set('ev', 'PageView');
  url.searchParams.set('dl', window.location.origin + path);
  url.searchParams.set('noscript', '1');
  const img = new Image(1, 1);
  img.referrerPolicy = 'origin';
  img.src = url.toString();
  return true;
}
