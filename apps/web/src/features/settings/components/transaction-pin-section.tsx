import { useState } from 'react';
import { useNavigate, useSearchParams } from 'react-router';
import { pinMessages, type PinStatus } from '@ajo/contracts/pin';
import { PinInput } from '../../../components/ui/pin-input.tsx';
import { Button } from '../../../components/ui/button.tsx';
import { FormErrorBanner } from '../../../components/ui/form-error-banner.tsx';
import { OtpInput } from '../../../components/ui/otp-input.tsx';
import { Spinner } from '../../../components/ui/spinner.tsx';
import { TextField } from '../../../components/ui/text-field.tsx';
import { toast } from '../../../components/ui/toast.ts';
import { isApiError } from '../../../lib/api-client.ts';
import { safeRedirectPath } from '../../../lib/current-user.ts';
import { formatLagosDate } from '../../../lib/dates.ts';
import { formatLockEnd, pinProblem, usePinStatus } from '../../../lib/transaction-pin.ts';
import {
  useChangeTransactionPin,
  useSendPinCode,
  useSetTransactionPin,
} from '../api/transaction-pin.ts';

const MISMATCH = 'The two PINs do not match';

type Errors = Partial<Record<'pin' | 'repeat' | 'password' | 'code', string>>;

/** The server's field errors, by field; the rest for the banner. */
function splitServerError(error: Error | null): { fields: Errors; banner: string | undefined } {
  if (!error) return { fields: {}, banner: undefined };
  const fields: Errors = {};
  if (isApiError(error)) {
    for (const item of error.errors) {
      if (item.path === 'pin' || item.path === 'password' || item.path === 'code') {
        fields[item.path] ??= item.message;
      }
    }
  }
  return { fields, banner: Object.keys(fields).length > 0 ? undefined : error.message };
}

function NewPinFields({
  pin,
  repeat,
  errors,
  onPin,
  onRepeat,
  labels,
}: {
  pin: string;
  repeat: string;
  errors: Errors;
  onPin: (value: string) => void;
  onRepeat: (value: string) => void;
  labels: { pin: string; repeat: string };
}) {
  // The fourth digit of the new PIN moves on to the repeat, as a code's boxes move on.
  const [repeatFocus, setRepeatFocus] = useState(0);
  return (
    <div className="space-y-5">
      <PinInput
        label={labels.pin}
        value={pin}
        onChange={onPin}
        onComplete={() => {
          setRepeatFocus((count) => count + 1);
        }}
        error={errors.pin}
        hint="Not your birthday, and not four of the same digit or 1234."
        testId="new-pin"
      />
      <PinInput
        label={labels.repeat}
        value={repeat}
        onChange={onRepeat}
        focusRequest={repeatFocus}
        error={errors.repeat}
        testId="repeat-pin"
      />
    </div>
  );
}

function checkNewPin(pin: string, repeat: string, password: string): Errors {
  const errors: Errors = {};
  const problem = pinProblem(pin);
  if (problem) errors.pin = problem;
  else if (repeat !== pin) errors.repeat = MISMATCH;
  if (password === '') errors.password = pinMessages.badPassword;
  return errors;
}

function SetPinForm() {
  const setPinMutation = useSetTransactionPin();
  const navigate = useNavigate();
  // Sent here from a payment's confirm step: back there once the PIN is set.
  const [searchParams] = useSearchParams();
  const next = searchParams.get('next');
  const [pin, setPin] = useState('');
  const [repeat, setRepeat] = useState('');
  const [password, setPassword] = useState('');
  const [errors, setErrors] = useState<Errors>({});
  const server = splitServerError(setPinMutation.error);

  const submit = (event: { preventDefault: () => void }) => {
    event.preventDefault();
    const found = checkNewPin(pin, repeat, password);
    setErrors(found);
    if (Object.keys(found).length > 0) return;
    setPinMutation.mutate(
      { pin, password },
      {
        onSuccess: () => {
          setPin('');
          setRepeat('');
          setPassword('');
          setPinMutation.reset();
          toast.success('Transaction PIN set. You will enter it whenever money leaves.');
          if (next !== null) void navigate(safeRedirectPath(next));
        },
        onError: () => {
          setPin('');
          setRepeat('');
        },
      },
    );
  };

  return (
    <form noValidate aria-label="Set your transaction PIN" onSubmit={submit} className="space-y-5">
      <FormErrorBanner message={server.banner} />
      <NewPinFields
        pin={pin}
        repeat={repeat}
        errors={{ pin: errors.pin ?? server.fields.pin, repeat: errors.repeat }}
        onPin={(value) => {
          setPin(value);
          setErrors((current) => ({ ...current, pin: undefined }));
        }}
        onRepeat={(value) => {
          setRepeat(value);
          setErrors((current) => ({ ...current, repeat: undefined }));
        }}
        labels={{ pin: 'Choose a 4-digit PIN', repeat: 'Enter the PIN again' }}
      />
      <TextField
        label="Your password"
        type="password"
        autoComplete="current-password"
        value={password}
        error={errors.password ?? server.fields.password}
        onChange={(event) => {
          setPassword(event.target.value);
          setErrors((current) => ({ ...current, password: undefined }));
        }}
      />
      <Button type="submit" isLoading={setPinMutation.isPending}>
        Set PIN
      </Button>
    </form>
  );
}

function ChangePinForm({ sentTo, onDone }: { sentTo: string; onDone: () => void }) {
  const change = useChangeTransactionPin();
  const resend = useSendPinCode();
  const [code, setCode] = useState('');
  const [pin, setPin] = useState('');
  const [repeat, setRepeat] = useState('');
  const [password, setPassword] = useState('');
  const [errors, setErrors] = useState<Errors>({});
  const server = splitServerError(change.error);

  const submit = (event: { preventDefault: () => void }) => {
    event.preventDefault();
    const found = checkNewPin(pin, repeat, password);
    if (!/^\d{6}$/.test(code)) found.code = pinMessages.badCode;
    setErrors(found);
    if (Object.keys(found).length > 0) return;
    change.mutate(
      { pin, password, code },
      {
        onSuccess: () => {
          change.reset();
          toast.success('Transaction PIN changed.');
          onDone();
        },
      },
    );
  };

  const clear = (field: keyof Errors) => {
    setErrors((current) => ({ ...current, [field]: undefined }));
  };

  return (
    <form
      noValidate
      aria-label="Change your transaction PIN"
      onSubmit={submit}
      className="space-y-5"
    >
      <p className="text-sm leading-6 text-slate-600" role="status">
        We emailed a 6-digit code to <strong className="font-semibold">{sentTo}</strong>.
      </p>
      <FormErrorBanner message={server.banner} />
      <div>
        <p aria-hidden="true" className="mb-2 text-sm font-medium text-slate-700">
          Code from the email
        </p>
        <OtpInput
          label="Code from the email"
          value={code}
          onChange={(value) => {
            setCode(value);
            clear('code');
          }}
          invalid={Boolean(errors.code ?? server.fields.code)}
        />
        {(errors.code ?? server.fields.code) ? (
          <p role="alert" className="mt-2 text-sm text-red-600">
            {errors.code ?? server.fields.code}
          </p>
        ) : null}
        <button
          type="button"
          className="mt-2 text-sm font-semibold text-brand-700 hover:underline disabled:text-slate-400"
          disabled={resend.isPending}
          onClick={() => {
            resend.mutate(undefined, {
              onSuccess: () => {
                toast.success('We sent a new code');
              },
            });
          }}
        >
          Send a new code
        </button>
      </div>
      <TextField
        label="Your password"
        type="password"
        autoComplete="current-password"
        value={password}
        error={errors.password ?? server.fields.password}
        onChange={(event) => {
          setPassword(event.target.value);
          clear('password');
        }}
      />
      <NewPinFields
        pin={pin}
        repeat={repeat}
        errors={{ pin: errors.pin ?? server.fields.pin, repeat: errors.repeat }}
        onPin={(value) => {
          setPin(value);
          clear('pin');
        }}
        onRepeat={(value) => {
          setRepeat(value);
          clear('repeat');
        }}
        labels={{ pin: 'New 4-digit PIN', repeat: 'Enter the new PIN again' }}
      />
      <div className="flex flex-col gap-3 sm:flex-row">
        <Button type="submit" isLoading={change.isPending}>
          Save new PIN
        </Button>
        <Button variant="ghost" disabled={change.isPending} onClick={onDone}>
          Cancel
        </Button>
      </div>
    </form>
  );
}

function StatusLine({ status }: { status: PinStatus }) {
  const lockedUntil = formatLockEnd(status.locked_until);
  if (!status.is_set) {
    return (
      <p className="text-sm leading-6 text-slate-600" data-testid="pin-status">
        No PIN yet. Set one to withdraw, pay bills, trade or use your dollar card.
      </p>
    );
  }
  return (
    <div className="space-y-2" data-testid="pin-status">
      <p className="text-sm leading-6 text-slate-700">
        <span className="inline-flex items-center rounded-full bg-emerald-50 px-2.5 py-0.5 text-xs font-semibold text-emerald-700">
          PIN set
        </span>{' '}
        {status.changed_at
          ? `· changed on ${formatLagosDate(status.changed_at)}`
          : status.set_at
            ? `on ${formatLagosDate(status.set_at)}`
            : null}
      </p>
      {lockedUntil ? (
        <p role="alert" className="text-sm leading-6 font-medium text-red-700">
          Locked after too many wrong tries until {lockedUntil}. Reset it below to unlock it now.
        </p>
      ) : null}
    </div>
  );
}

/**
 * Settings › Transaction PIN: the status, setting the first PIN (twice, with the password), and
 * changing or resetting it (an emailed code, the password, the new PIN twice), which also lifts
 * a lock. The PIN is held in this form's state only, and cleared once sent.
 */
export function TransactionPinSection() {
  const status = usePinStatus();
  const sendCode = useSendPinCode();
  const [sentTo, setSentTo] = useState<string | null>(null);

  return (
    <section aria-labelledby="pin-heading" className="space-y-6">
      <div>
        <h2 id="pin-heading" className="text-lg font-semibold text-slate-900">
          Transaction PIN
        </h2>
        <p className="mt-1 text-sm leading-6 text-slate-600">
          Four digits you enter whenever money leaves your account: withdrawals, breaking a plan,
          trades, bills and your dollar card. Nobody from Ajo will ever ask for it.
        </p>
      </div>
      <div className="rounded-2xl border border-slate-200 bg-white p-5">
        {status.isPending ? (
          <Spinner label="Loading your PIN status" className="size-6" />
        ) : status.isError ? (
          <FormErrorBanner message={status.error.message} />
        ) : !status.data.is_set ? (
          <div className="space-y-5">
            <StatusLine status={status.data} />
            <SetPinForm />
          </div>
        ) : sentTo === null ? (
          <div className="space-y-5">
            <StatusLine status={status.data} />
            <div className="space-y-3">
              <h3 className="font-semibold text-slate-900">Change or reset your PIN</h3>
              <p className="text-sm leading-6 text-slate-600">
                Forgot it, or want a new one? We email you a code; with it and your password you
                choose a new PIN.
              </p>
              <FormErrorBanner message={sendCode.error?.message} />
              <Button
                variant="secondary"
                isLoading={sendCode.isPending}
                onClick={() => {
                  sendCode.mutate(undefined, {
                    onSuccess: (answer) => {
                      setSentTo(answer.sent_to);
                    },
                  });
                }}
              >
                Email me a code
              </Button>
            </div>
          </div>
        ) : (
          <ChangePinForm
            sentTo={sentTo}
            onDone={() => {
              setSentTo(null);
              sendCode.reset();
            }}
          />
        )}
      </div>
    </section>
  );
}
