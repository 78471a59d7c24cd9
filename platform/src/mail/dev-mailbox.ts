import { randomUUID } from 'node:crypto';
import { appendFile, mkdir, readFile } from 'node:fs/promises';
import { dirname } from 'node:path';
import express, { type Router } from 'express';
import type { MailMessage, Mailer } from './port';

export interface StoredMail extends MailMessage {
  id: string;
  /** ISO-8601 instant. */
  sentAt: string;
}

/**
 * The embedded default Mailer: mails are appended as JSON lines to a file under the data dir
 * (so they survive restarts) and shown at `/dev/mailbox`. Never mount its router in production.
 */
export class DevMailbox implements Mailer {
  readonly kind = 'dev-mailbox';
  /** Appends from this process run one after the other, so lines never interleave. */
  private writing: Promise<void> = Promise.resolve();

  constructor(
    readonly file: string,
    private readonly now: () => Date = () => new Date(),
  ) {}

  send(message: MailMessage): Promise<void> {
    const mail: StoredMail = { id: randomUUID(), to: message.to, subject: message.subject, text: message.text, html: message.html, sentAt: this.now().toISOString() };
    const write = this.writing.then(async () => {
      await mkdir(dirname(this.file), { recursive: true });
      await appendFile(this.file, `${JSON.stringify(mail)}\n`, 'utf8');
    });
    this.writing = write.catch(() => undefined);
    return write;
  }

  /** Every mail sent, newest first. A torn last line (a crash mid-write) is skipped. */
  async list(): Promise<StoredMail[]> {
    await this.writing;
    let content: string;
    try {
      content = await readFile(this.file, 'utf8');
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code === 'ENOENT') return [];
      throw error;
    }
    const mails: StoredMail[] = [];
    for (const line of content.split('\n')) {
      if (!line.trim()) continue;
      try {
        mails.push(JSON.parse(line) as StoredMail);
      } catch {
        // skip a partial line
      }
    }
    return mails.reverse();
  }
}

const escapeHtml = (value: string) =>
  value.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;').replace(/'/g, '&#39;');

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
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<meta name="robots" content="noindex">
<title>Dev mailbox</title>
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

/** `GET /` → an HTML page listing the mails; `GET /messages` → JSON, newest first. */
/**
 * The mailbox holds every user's reset links, so it answers only browsers on this machine (the
 * app's `trust proxy` resolves the address through our own gateway); anyone else gets 403.
 */
export function createDevMailboxRouter(mailbox: DevMailbox): Router {
  const router = express.Router();
  router.use((req, res, next) => {
    if (isLoopback(req.ip)) return next();
    res.status(403).type('text/plain').send(DEV_MAILBOX_LOCAL_ONLY);
  });
  router.get('/messages', async (_req, res) => {
    res.set('Cache-Control', 'no-store').json(await mailbox.list());
  });
  router.get('/', async (_req, res) => {
    res.set('Cache-Control', 'no-store').type('html').send(mailboxPage(await mailbox.list()));
  });
  return router;
}

export const DEV_MAILBOX_LOCAL_ONLY = 'The dev mailbox is only served to this machine. Configure SMTP_URL to send real mail.';

const isLoopback = (ip: string | undefined) => !!ip && (ip === '::1' || ip.startsWith('127.') || ip.startsWith('::ffff:127.'));
