import { z } from 'zod';
import { envelope } from './common.ts';

/**
 * The transaction PIN: four digits, set once after sign-up, asked for on every action that moves
 * money out of the user's control (withdrawals, savings breaks, trades and conversions, bills,
 * dollar-card loads, and revealing a card's details). The client sends it in a header, never in a
 * body, so no product's body schema changes and no idempotency hash or log holds it.
 */
export const TRANSACTION_PIN_HEADER = 'x-transaction-pin';
export const PIN_LENGTH = 4;
/** Wrong PINs in a row before the PIN locks. */
export const PIN_MAX_ATTEMPTS = 5;

export const pinMessages = {
  badPin: 'Enter 4 digits',
  weakPin: 'Choose a PIN that is not four of the same digit or a simple sequence such as 1234',
  notSet: 'Set your transaction PIN in Settings before moving money',
  missing: 'Enter your transaction PIN to confirm',
  badPassword: 'Enter your password',
  badCode: 'Enter the 6-digit code we emailed you',
  wrongPassword: 'Your password is not correct',
  alreadySet: 'You already have a transaction PIN; change it in Settings instead',
} as const;

/** How long a locked PIN stays locked, in minutes. */
export const PIN_LOCK_MINUTES = 30;

const pinField = z
  .string({ error: pinMessages.badPin })
  .regex(/^\d{4}$/, pinMessages.badPin)
  .meta({ description: 'Four digits', example: '4826' });

/** `GET /pin`: whether a PIN is set and, when locked, until when. */
export const pinStatusSchema = z
  .object({
    is_set: z.boolean(),
    /** Wrong tries left before it locks (PIN_MAX_ATTEMPTS when none were wrong). */
    attempts_left: z.number().int(),
    /** ISO time until which every PIN is refused, or null. */
    locked_until: z.string().nullable(),
    set_at: z.string().nullable(),
    /** When the PIN was last changed or reset, or null while it is the first one. */
    changed_at: z.string().nullable(),
  })
  .meta({ id: 'PinStatus' });
export type PinStatus = z.infer<typeof pinStatusSchema>;
export const pinStatusResponseSchema = envelope(pinStatusSchema);

/** `POST /pin`: the first PIN, with the password (refused with 409 when one is already set). */
export const setPinBodySchema = z.strictObject({
  pin: pinField,
  password: z.string({ error: pinMessages.badPassword }).min(1, pinMessages.badPassword),
});
export type SetPinBody = z.input<typeof setPinBodySchema>;

/** `POST /pin/code`: emails a 6-digit code for changing or resetting the PIN (answers 202 always). */
export const pinCodeResponseSchema = envelope(z.object({ sent_to: z.string() }));

/**
 * `PUT /pin`: a new PIN, whether the old one is known or forgotten: the password and the emailed
 * code prove who is asking. It clears a lock and the wrong-try count.
 */
export const changePinBodySchema = z.strictObject({
  pin: pinField,
  password: z.string({ error: pinMessages.badPassword }).min(1, pinMessages.badPassword),
  code: z.string({ error: pinMessages.badCode }).regex(/^\d{6}$/, pinMessages.badCode),
});
export type ChangePinBody = z.input<typeof changePinBodySchema>;

/**
 * Refusals of a money-out request for its PIN, in the one error shape (`code`):
 * - 403 `pin_not_set`: no PIN yet (message pinMessages.notSet);
 * - 403 `pin_required`: the header is missing or not 4 digits (pinMessages.missing, path `pin`);
 * - 403 `pin_incorrect`: "Wrong PIN. 3 tries left before your PIN locks" (path `pin`);
 * - 423 `pin_locked`: "Too many wrong PINs. Try again after 14:05, or reset your PIN in Settings".
 * Nothing of the request runs (no idempotency key is claimed) when the PIN is refused.
 */
export const pinRefusalCodes = [
  'pin_not_set',
  'pin_required',
  'pin_incorrect',
  'pin_locked',
] as const;
