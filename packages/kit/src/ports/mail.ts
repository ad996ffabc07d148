/** Mail port: nodemailer over SMTP in cluster mode; `.eml` files under $DATA_DIR/mail when embedded. */
export interface MailMessage {
  to: string | string[];
  subject: string;
  text?: string;
  html?: string;
  from?: string;
  /** Files sent with the message (a receipt's PDF): both adapters send them as MIME parts. */
  attachments?: MailAttachment[];
}

export interface MailAttachment {
  filename: string;
  content: Buffer;
  contentType: string;
}

export interface Mailer {
  send(message: MailMessage): Promise<{ messageId: string }>;
  close(): Promise<void>;
}
