import { PIN_MAX_ATTEMPTS, pinMessages } from '@ajo/contracts/pin';
import { AppError } from '../../platform/errors.ts';

/** Four of the same digit, or a run up or down (0123 … 6789, 9876 … 3210). */
export function isWeakPin(pin: string): boolean {
  const digits = pin.split('').map(Number);
  const steps = digits.slice(1).map((digit, index) => digit - (digits[index] ?? 0));
  return [0, 1, -1].some((step) => steps.every((difference) => difference === step));
}

/** The hour and minute in Lagos, as the user's clock shows it (14:05). */
export const lagosTime = (at: Date) =>
  new Intl.DateTimeFormat('en-GB', {
    timeZone: 'Africa/Lagos',
    hour: '2-digit',
    minute: '2-digit',
    hourCycle: 'h23',
  }).format(at);

const onPin = (message: string) => [{ path: 'pin', message }];

/**
 * The refusals of a money-out request for its PIN (packages/contracts/src/pin.ts). None is a 401:
 * the spec's client ends the session on any 401, and a mistyped PIN must not sign anyone out.
 */
export const pinRefusals = {
  notSet: () => new AppError('pin_not_set', pinMessages.notSet, 403),
  missing: () => new AppError('pin_required', pinMessages.missing, 403, onPin(pinMessages.missing)),
  incorrect: (attemptsLeft: number) => {
    const message = `Wrong PIN. ${String(attemptsLeft)} ${attemptsLeft === 1 ? 'try' : 'tries'} left before your PIN locks`;
    return new AppError('pin_incorrect', message, 403, onPin(message));
  },
  locked: (until: Date) =>
    new AppError(
      'pin_locked',
      `Too many wrong PINs. Try again after ${lagosTime(until)}, or reset your PIN in Settings`,
      423,
    ),
};

/** The refusals of setting or changing the PIN. */
export const pinChangeRefusals = {
  weak: () =>
    new AppError('pin_weak', pinMessages.weakPin, 400, [
      { path: 'pin', message: pinMessages.weakPin },
    ]),
  wrongPassword: () =>
    new AppError('wrong_password', pinMessages.wrongPassword, 422, [
      { path: 'password', message: pinMessages.wrongPassword },
    ]),
  alreadySet: () => new AppError('pin_already_set', pinMessages.alreadySet, 409),
};

/** Wrong tries left, given the count stored and whether an old lock has run out. */
export const attemptsLeft = (failedAttempts: number) =>
  Math.max(0, PIN_MAX_ATTEMPTS - failedAttempts);
