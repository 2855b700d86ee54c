import { EXPORT_RETENTION_DAYS } from '@ajo/contracts/privacy';
import type { EmailMessage } from '../../providers/email/email.port.ts';

const escapeHtml = (text: string) =>
  text.replace(/[&<>"']/g, (character) => `&#${String(character.charCodeAt(0))};`);

function noticeEmail(to: string, firstName: string, subject: string, paragraphs: string[]) {
  const text = `Hello ${firstName},\n\n${paragraphs.join('\n\n')}\n\nAjo`;
  const html = `<p>Hello ${escapeHtml(firstName)},</p>${paragraphs
    .map((paragraph) => `<p>${escapeHtml(paragraph)}</p>`)
    .join('')}<p>Ajo</p>`;
  return { to, subject, text, html } satisfies EmailMessage;
}

/** The archive itself is never emailed: only the way to it, behind the user's sign-in. */
export const exportReadyEmail = (to: string, firstName: string, settingsUrl: string) =>
  noticeEmail(to, firstName, 'Your Ajo data is ready to download', [
    'The copy of your data you asked for is ready.',
    `Sign in and open Settings → Privacy to download it: ${settingsUrl}`,
    `It can be downloaded for ${String(EXPORT_RETENTION_DAYS)} days, then it is deleted. If you did not ask for it, change your password and sign out your other sessions in Settings → Security.`,
  ]);

export const accountClosedEmail = (to: string, firstName: string) =>
  noticeEmail(to, firstName, 'Your Ajo account is closed', [
    'Your Ajo account has been closed as you asked, and every device was signed out.',
    'We have erased your name, contact details and identity documents. Records of past payments are kept for the period the law requires, without your name or contact details, then deleted.',
    'You can register again with this email address at any time.',
  ]);
