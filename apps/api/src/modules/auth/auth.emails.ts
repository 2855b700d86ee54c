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

function noticeEmail(to: string, firstName: string, subject: string, paragraphs: string[]) {
  const text = `Hello ${firstName},\n\n${paragraphs.join('\n\n')}\n\nAjo`;
  const html = `<p>Hello ${escapeHtml(firstName)},</p>${paragraphs
    .map((paragraph) => `<p>${escapeHtml(paragraph)}</p>`)
    .join('')}<p>Ajo</p>`;
  return { to, subject, text, html } satisfies EmailMessage;
}

/** To the owner when someone registers their address again: no code, a way in instead. */
export const existingAccountEmail = (to: string, firstName: string) =>
  noticeEmail(to, firstName, 'You already have an Ajo account', [
    'Someone, probably you, tried to create an Ajo account with this email address. You already have one, so no new account was created.',
    'Sign in with your password, or if you have forgotten it, choose "Forgot password" on the sign-in page to reset it.',
    'If this was not you, you can ignore this email: nothing has changed on your account.',
  ]);

export const passwordChangedEmail = (to: string, firstName: string) =>
  noticeEmail(to, firstName, 'Your Ajo password was changed', [
    'The password of your Ajo account was just changed, and every other device was signed out.',
    'If you did not do this, reset your password now from the sign-in page ("Forgot password") and contact support.',
  ]);

export const signInAttemptsEmail = (to: string, firstName: string) =>
  noticeEmail(to, firstName, 'Failed sign-in attempts on your Ajo account', [
    'Someone tried to sign in to your Ajo account several times with a wrong password, so we have paused sign-ins with a password for a few minutes. Devices you have signed in on before are not affected.',
    'If this was you, wait a few minutes or reset your password from the sign-in page. If it was not you, your account is safe as long as your password is not known to anyone else; consider changing it.',
  ]);
