import helmet from 'helmet';
import type { RequestHandler } from 'express';

/**
 * The content security policy of every page the product serves: scripts, styles, media and
 * connections from this origin only. Styles may be inline (antd computes its CSS in the browser),
 * pictures may be data: and blob: URLs (previews, thumbnails) and the advertising pixel's beacon;
 * nothing may frame the product, no plugin may run, and forms post only here.
 */
export const CONTENT_SECURITY_POLICY = {
  'default-src': ["'self'"],
  'script-src': ["'self'"],
  'style-src': ["'self'", "'unsafe-inline'"],
  'img-src': ["'self'", 'data:', 'blob:', 'https://www.facebook.com'],
  'media-src': ["'self'", 'blob:'],
  'font-src': ["'self'", 'data:'],
  'connect-src': ["'self'"],
  'object-src': ["'none'"],
  'base-uri': ["'self'"],
  'frame-ancestors': ["'none'"],
  'form-action': ["'self'"],
} as const;

/**
 * Security headers on every answer (helmet): the policy above, no MIME sniffing, no framing, no
 * referrer across origins, HSTS (browsers honour it over HTTPS only), same-origin opener and
 * resources. A page with a stricter policy of its own (the checkout simulator) sets it after this.
 */
export function securityHeaders(): RequestHandler {
  return helmet({
    contentSecurityPolicy: { useDefaults: false, directives: CONTENT_SECURITY_POLICY },
    // Cross-origin isolation would stop the Google and platform sign-in pop-ups and redirects.
    crossOriginEmbedderPolicy: false,
    crossOriginOpenerPolicy: { policy: 'same-origin-allow-popups' },
    referrerPolicy: { policy: 'strict-origin-when-cross-origin' },
  });
}
