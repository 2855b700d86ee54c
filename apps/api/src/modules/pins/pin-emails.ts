import type { EmailMessage } from '../../providers/email/email.port.ts';

const escapeHtml = (text: string) =>
  text.replace(/[&<>"']/g, (character) => `&#${String(character.charCodeAt(0))};`);

function email(to: string, firstName: string, subject: string, paragraphs: string[]) {
  const text = `Hello ${firstName},\n\n${paragraphs.join('\n\n')}\n\nAjo`;
  const html = `<p>Hello ${escapeHtml(firstName)},</p>${paragraphs
    .map((paragraph) => `<p>${escapeHtml(paragraph)}</p>`)
    .join('')}<p>Ajo</p>`;
  return { to, subject, text, html } satisfies EmailMessage;
}

export const pinCodeEmail = (to: string, firstName: string, code: string) =>
  email(to, firstName, `${code} is your Ajo transaction PIN code`, [
    'Enter this code to choose a new transaction PIN:',
    code,
    'The code expires in 10 minutes. If you did not ask for it, change your password: someone may be signed in to your account.',
  ]);

export const pinLockedNotice = {
  title: 'Transaction PIN locked',
  body: (until: string) =>
    `Your transaction PIN was entered wrongly too many times, so money cannot leave your account until ${until}. If it was not you, change your password and reset your PIN in Settings.`,
};

export const pinLockedEmail = (to: string, firstName: string, until: string) =>
  email(to, firstName, 'Your Ajo transaction PIN is locked', [pinLockedNotice.body(until)]);

export const pinChangedNotice = {
  title: 'Transaction PIN changed',
  body: 'Your transaction PIN was just changed. If it was not you, change your password now and contact support.',
};

export const pinChangedEmail = (to: string, firstName: string) =>
  email(to, firstName, 'Your Ajo transaction PIN was changed', [pinChangedNotice.body]);
