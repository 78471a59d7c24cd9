import type { RequestHandler } from 'express';
import { escapeHtml, serverPageHead, type DevMailbox, type HandlersOf, type StoredMail } from '@app/platform';

/** The plain-text body, escaped, with its http(s) links made clickable. */
function linkify(text: string): string {
  return escapeHtml(text).replace(/https?:\/\/[^\s<>"']+/g, (url) => `<a href="${url}">${url}</a>`);
}

function mailboxPage(mails: StoredMail[]): string {
  const items = mails.length
    ? mails
        .map(
          (m) => `<article>
  <h2>${escapeHtml(m.subject)}</h2>
  <p class="meta">To <strong>${escapeHtml(m.to)}</strong> · ${escapeHtml(m.sentAt)}</p>
  <pre>${linkify(m.text)}</pre>
</article>`,
        )
        .join('\n')
    : '<p>No mail has been sent yet.</p>';
  return `<!doctype html>
<html lang="en">
<head>
${serverPageHead('Dev mailbox')}
<style>
  body { font-family: system-ui, sans-serif; max-width: 48rem; margin: 2rem auto; padding: 0 1rem; color: #1f2328; }
  article { border: 1px solid #d0d7de; border-radius: 8px; padding: 1rem; margin: 1rem 0; }
  h2 { margin: 0 0 .25rem; font-size: 1.1rem; }
  .meta { margin: 0 0 .75rem; color: #57606a; font-size: .9rem; }
  pre { white-space: pre-wrap; word-break: break-word; font-family: inherit; margin: 0; }
</style>
</head>
<body>
<h1>Dev mailbox</h1>
<p>Mails the embedded setup would have sent, newest first. Configure <code>SMTP_URL</code> to send real mail.</p>
${items}
</body>
</html>`;
}

/**
 * `/dev/mailbox` → an HTML page listing the mails; `/dev/mailbox/messages` → JSON, newest first.
 * The mailbox holds every user's reset links, so it answers only browsers on this machine (the
 * app's `trust proxy` resolves the address through our own gateway); anyone else gets 403.
 */
export function devMailboxHandlers(mailbox: DevMailbox): HandlersOf<'devMailbox' | 'devMailboxMessages'> {
  const localOnly: RequestHandler = (req, res, next) => {
    if (isLoopback(req.ip)) return next();
    res.status(403).type('text/plain').send(DEV_MAILBOX_LOCAL_ONLY);
  };
  return {
    devMailboxMessages: [localOnly, async (_req, res) => {
      res.set('Cache-Control', 'no-store').json(await mailbox.list());
    }],
    devMailbox: [localOnly, async (_req, res) => {
      res.set('Cache-Control', 'no-store').type('html').send(mailboxPage(await mailbox.list()));
    }],
  };
}

export const DEV_MAILBOX_LOCAL_ONLY = 'The dev mailbox is only served to this machine. Configure SMTP_URL to send real mail.';

const isLoopback = (ip: string | undefined) => !!ip && (ip === '::1' || ip.startsWith('127.') || ip.startsWith('::ffff:127.'));
