import nodemailer, { type Transporter } from 'nodemailer';
import type { MailMessage, Mailer } from './port';

export interface SmtpMailerOptions {
  /** e.g. `smtps://user:pass@smtp.example.com:465` */
  smtpUrl: string;
  /** The From header, e.g. `Faceless Studio <no-reply@example.com>`. */
  from: string;
}

/** Sends through an SMTP server with nodemailer. */
export class SmtpMailer implements Mailer {
  readonly kind = 'smtp';
  private readonly transport: Transporter;

  constructor(private readonly options: SmtpMailerOptions) {
    this.transport = nodemailer.createTransport(options.smtpUrl);
  }

  async send(message: MailMessage): Promise<void> {
    await this.transport.sendMail({ from: this.options.from, to: message.to, subject: message.subject, text: message.text, html: message.html });
  }

  close(): void {
    this.transport.close();
  }
}
