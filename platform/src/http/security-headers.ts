import helmet, { type HelmetOptions } from 'helmet';
import type { Request, RequestHandler, Response } from 'express';

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

/** helmet's options: the policy above, and what differs from helmet's defaults. */
export const HELMET_OPTIONS: HelmetOptions = {
  contentSecurityPolicy: { useDefaults: false, directives: CONTENT_SECURITY_POLICY },
  // Cross-origin isolation would stop the Google and platform sign-in pop-ups and redirects.
  crossOriginEmbedderPolicy: false,
  crossOriginOpenerPolicy: { policy: 'same-origin-allow-popups' },
  referrerPolicy: { policy: 'strict-origin-when-cross-origin' },
};

/**
 * Security headers on every answer (helmet, with the options above): the policy above, no MIME
 * sniffing, no framing, no referrer across origins, HSTS (browsers honour it over HTTPS only),
 * same-origin opener and resources. A page with a stricter policy of its own (the checkout
 * simulator) sets it after this.
 *
 * The policy is the same for every request, so helmet works the headers out once, here, and each
 * answer gets them in one loop, instead of through helmet's eleven middlewares in turn on every
 * answer.
 */
export function securityHeaders(): RequestHandler {
  const { headers, removed } = headersOf(helmet(HELMET_OPTIONS));
  return (_req, res, next) => {
    for (const name of removed) res.removeHeader(name);
    for (const [name, value] of headers) res.setHeader(name, value);
    next();
  };
}

/** The headers a middleware sets (in its order) and removes, whatever the request. */
function headersOf(middleware: RequestHandler): { headers: [string, string][]; removed: string[] } {
  const headers: [string, string][] = [];
  const removed: string[] = [];
  let done = false;
  const res = { setHeader: (name: string, value: string) => void headers.push([name, value]), removeHeader: (name: string) => void removed.push(name) };
  middleware({} as Request, res as unknown as Response, (error?: unknown) => {
    if (error) throw error instanceof Error ? error : new Error(String(error));
    done = true;
  });
  if (!done) throw new Error('The security headers depend on the request');
  return { headers, removed };
}
