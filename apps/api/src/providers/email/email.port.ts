export interface EmailMessage {
  to: string;
  subject: string;
  text: string;
  html: string;
}

/** Sends transactional email. The sandbox keeps an outbox; SMTP sends for real. */
export interface EmailSender {
  send(message: EmailMessage): Promise<void>;
}
