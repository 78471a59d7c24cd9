import { join } from 'node:path';
import { DevMailbox } from './dev-mailbox';
import { SmtpMailer } from './smtp';

export type { MailMessage, Mailer } from './port';
export { DevMailbox, type StoredMail } from './dev-mailbox';
export { SmtpMailer, type SmtpMailerOptions } from './smtp';

export interface OpenMailerOptions {
  /** SMTP server URL; without it mails go to the dev mailbox. */
  smtpUrl?: string | null;
  /** The From header; required with `smtpUrl`. */
  from?: string | null;
  /** Where the dev mailbox keeps `mailbox.jsonl`. */
  dataDir: string;
}

/**
 * SMTP through nodemailer when `smtpUrl` is set, otherwise the dev mailbox under the data dir.
 * Check `instanceof DevMailbox` to decide whether to serve its pages.
 */
export function openMailer(options: OpenMailerOptions): SmtpMailer | DevMailbox {
  if (options.smtpUrl) {
    if (!options.from) throw new Error('MAIL_FROM is required when SMTP_URL is set');
    return new SmtpMailer({ smtpUrl: options.smtpUrl, from: options.from });
  }
  return new DevMailbox(join(options.dataDir, 'mailbox.jsonl'));
}
