import type { EmailMessage } from '../../providers/email/email.port.ts';

const escapeHtml = (text: string) =>
  text.replace(/[&<>"']/g, (character) => `&#${String(character.charCodeAt(0))};`);

function codeEmail(to: string, firstName: string, subject: string, lead: string, code: string) {
  const text = `Hello ${firstName},\n\n${lead}\n\n${code}\n\nThe code expires in 10 minutes. If you did not ask for it, you can ignore this email.\n\nAjo`;
  const html = `<p>Hello ${escapeHtml(firstName)},</p><p>${escapeHtml(lead)}</p><p style="font-size:28px;font-weight:700;letter-spacing:6px">${code}</p><p>The code expires in 10 minutes. If you did not ask for it, you can ignore this email.</p><p>Ajo</p>`;
  return { to, subject, text, html } satisfies EmailMessage;
}

export const welcomeCodeEmail = (to: string, firstName: string, code: string) =>
  codeEmail(
    to,
    firstName,
    `${code} is your Ajo confirmation code`,
    'Welcome to Ajo. Enter this code to confirm your email address:',
    code,
  );

export const resetCodeEmail = (to: string, firstName: string, code: string) =>
  codeEmail(
    to,
    firstName,
    `${code} is your Ajo password reset code`,
    'Enter this code to choose a new password:',
    code,
  );
