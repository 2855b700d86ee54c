import { useState } from 'react';
import { Link, useLocation } from 'react-router';
import { useQueryClient } from '@tanstack/react-query';
import { pinMessages } from '@ajo/contracts/pin';
import { isPinRefusal } from '../../lib/api-client.ts';
import { moneyErrorMessage } from '../../lib/money-attempts.ts';
import { formatLockEnd, pinStatusQueryKey, usePinStatus } from '../../lib/transaction-pin.ts';
import { PIN_INPUT_LENGTH, PinInput } from '../ui/pin-input.tsx';
import { Spinner } from '../ui/spinner.tsx';

/** Where the PIN is set, changed and reset. */
export const PIN_SETTINGS_PATH = '/settings/pin';

const FULL_PIN = new RegExp(`^\\d{${String(PIN_INPUT_LENGTH)}}$`);

/**
 * The PIN step of a money-out confirm panel. A panel gains a few lines:
 *
 *   const pin = usePinConfirm();
 *   <PinConfirmField pin={pin} />
 *   <FormErrorBanner message={pin.otherError(send.error)} />
 *   onClick={() => pin.confirm((value) => send.mutate({ ...input, pin: value },
 *     { onSuccess, onError: pin.onError }))}
 *
 * and its API call sends `pinHeader(pin)`. A refusal for the PIN (wrong with tries left, locked,
 * missing, not set) shows on the field in the API's words, and a wrong PIN is cleared for the next
 * try. The PIN stays in this component's state only.
 */
export function usePinConfirm() {
  const queryClient = useQueryClient();
  const status = usePinStatus();
  const [pin, setPinState] = useState('');
  const [error, setError] = useState<string | null>(null);
  // Bumped to move the focus to the boxes (after a refusal, or Confirm without a PIN).
  const [focusRequest, setFocusRequest] = useState(0);

  const isSet = status.data?.is_set;
  const lockedUntil = formatLockEnd(status.data?.locked_until ?? null);

  const setPin = (value: string) => {
    setPinState(value);
    if (value !== '') setError(null);
  };

  /** Sends with the PIN once four digits are in; otherwise says what is missing, on the field. */
  const confirm = (send: (pin: string) => void) => {
    if (isSet === false) {
      setError(pinMessages.notSet);
      return;
    }
    if (!FULL_PIN.test(pin)) {
      setError(pinMessages.missing);
      setFocusRequest((count) => count + 1);
      return;
    }
    setError(null);
    send(pin);
  };

  /** Give the request's error here: a PIN refusal lands on the field, and the PIN is cleared. */
  const onError = (failure: unknown) => {
    if (!isPinRefusal(failure)) return;
    const onField = failure.errors.find((item) => item.path === 'pin')?.message;
    setPinState('');
    setError(onField ?? failure.message);
    void queryClient.invalidateQueries({ queryKey: pinStatusQueryKey });
    setFocusRequest((count) => count + 1);
  };

  /** The request's error for the banner above the buttons, unless it was about the PIN. */
  const otherError = (failure: Error | null | undefined): string | undefined =>
    failure && !isPinRefusal(failure) ? moneyErrorMessage(failure) : undefined;

  return {
    pin,
    setPin,
    error,
    confirm,
    onError,
    otherError,
    focusRequest,
    isLoading: status.isPending,
    /** False only when the API said no PIN is set (a failed status read still shows the field). */
    isSet: isSet !== false,
    lockedUntil,
  };
}

export type PinConfirm = ReturnType<typeof usePinConfirm>;

/** No PIN yet: where to set one, and back here (the same page and panel) once it is set. */
export function PinNotSet() {
  const location = useLocation();
  const back = `${location.pathname}${location.search}`;
  return (
    <div
      role="status"
      data-testid="pin-not-set"
      className="rounded-xl border border-amber-200 bg-amber-50 px-4 py-3 text-sm leading-6 text-amber-900"
    >
      <p>{pinMessages.notSet}.</p>
      <Link
        to={`${PIN_SETTINGS_PATH}?${new URLSearchParams({ next: back }).toString()}`}
        className="mt-1 inline-block font-semibold text-amber-900 underline underline-offset-2"
      >
        Set your transaction PIN
      </Link>
      <p className="mt-1 text-xs text-amber-800">You come back here once it is set.</p>
    </div>
  );
}

/**
 * Above a money-out form: no PIN yet is said before anything is typed. The way to set one leaves
 * the page, and the form's figures would be lost if it were said only at the confirmation.
 */
export function PinNotSetUpFront({ className }: { className?: string }) {
  const notSet = usePinStatus().data?.is_set === false;
  if (!notSet) return null;
  return (
    <div className={className}>
      <PinNotSet />
    </div>
  );
}

interface PinConfirmFieldProps {
  pin: PinConfirm;
  disabled?: boolean;
  label?: string;
  /** What the panel's confirm button does: Enter in the boxes does it too. */
  onEnter?: () => void;
  /** Off where another field comes first (the card reveal's password). */
  autoFocus?: boolean;
}

/** The PIN boxes inside a confirm panel, or what to do first when no PIN is set or it is locked. */
export function PinConfirmField({
  pin,
  disabled,
  label = 'Transaction PIN',
  onEnter,
  autoFocus = true,
}: PinConfirmFieldProps) {
  if (pin.isLoading) {
    return (
      <div className="flex items-center gap-2 text-sm text-slate-500">
        <Spinner className="size-4" />
        Checking your transaction PIN…
      </div>
    );
  }
  if (!pin.isSet) {
    return <PinNotSet />;
  }
  const lockMessage =
    pin.lockedUntil === null
      ? null
      : `Too many wrong PINs. Try again after ${pin.lockedUntil}, or reset your PIN in Settings`;
  return (
    <div data-testid="pin-confirm">
      {/* The PIN is what a confirm step waits for: its first box takes the focus. */}
      <PinInput
        autoFocus={autoFocus}
        focusRequest={pin.focusRequest}
        label={label}
        value={pin.pin}
        onChange={pin.setPin}
        onEnter={onEnter}
        error={pin.error ?? lockMessage}
        hint={pin.error || lockMessage ? undefined : 'The 4 digits of your transaction PIN.'}
        disabled={disabled === true || lockMessage !== null}
        testId="pin-digit"
      />
      <Link
        to={PIN_SETTINGS_PATH}
        className="mt-2 inline-block text-sm font-semibold text-brand-700 hover:underline"
      >
        Forgot your PIN?
      </Link>
    </div>
  );
}
