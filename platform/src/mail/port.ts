/** Mail port: the product sends a few transactional mails (password reset). */
export interface MailMessage {
  to: string;
  subject: string;
  text: string;
  html: string;
}

export interface Mailer {
  readonly kind: string;
  send(message: MailMessage): Promise<void>;
}
