import { randomUUID } from 'node:crypto';
import { appendFile, mkdir, readFile } from 'node:fs/promises';
import { dirname } from 'node:path';
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
