import { escapeHtml } from '../shared/escape-html';

/**
 * The head of a page the server writes itself, outside the web app (the dev mailbox, the sandbox
 * consent and gallery pages, the test-mode checkout, the Google sign-in fallback): laid out for a
 * phone's width, kept out of search engines, and showing the product's icon (without it the browser
 * asks for /favicon.ico, a 404 in its console).
 */
export function serverPageHead(title: string): string {
  return [
    '<meta charset="utf-8">',
    '<meta name="viewport" content="width=device-width, initial-scale=1">',
    '<meta name="robots" content="noindex">',
    `<title>${escapeHtml(title)}</title>`,
    '<link rel="icon" href="/favicon.svg" type="image/svg+xml">',
  ].join('\n');
}
