import nodemailer from 'nodemailer';
import type { EmailMessage, EmailSender } from './email.port.ts';

/** Real delivery through any SMTP relay named by SMTP_URL. */
export function smtpEmailSender(smtpUrl: string, from: string): EmailSender & { close(): void } {
  const transport = nodemailer.createTransport(smtpUrl);
  return {
    send: async (message: EmailMessage) => {
      await transport.sendMail({ from, ...message });
    },
    close: () => {
      transport.close();
    },
  };
}
