/** Mail port: nodemailer over SMTP in cluster mode; `.eml` files under $DATA_DIR/mail when embedded. */
export interface MailMessage {
  to: string | string[];
  subject: string;
  text?: string;
  html?: string;
  from?: string;
}

export interface Mailer {
  send(message: MailMessage): Promise<{ messageId: string }>;
  close(): Promise<void>;
}
