import { useEffect, useRef, useState, type ReactNode, type SyntheticEvent } from 'react';
import { Button } from '../../../components/ui/button.tsx';
import { FormErrorBanner } from '../../../components/ui/form-error-banner.tsx';
import { OTP_LENGTH, OtpInput } from '../../../components/ui/otp-input.tsx';
import { ResendCodeButton } from '../../../components/ui/resend-code-button.tsx';

interface CodeStepProps {
  email: string;
  onVerify: (code: string) => void;
  onResend: () => Promise<void>;
  isVerifying: boolean;
  serverError: string | undefined;
  toasterId?: string;
  /** Clears the server error once the person edits the code. */
  onCodeChange?: () => void;
  /** Shown under the server error: the way on when a new code cannot help. */
  errorAction?: ReactNode;
}

/** The six-digit code step shared by sign-up and password reset. */
export function CodeStep(props: CodeStepProps) {
  const { email, onVerify, onResend, isVerifying, serverError, toasterId } = props;
  const { onCodeChange, errorAction } = props;
  const [code, setCode] = useState('');
  const complete = code.length === OTP_LENGTH;
  const boxesRef = useRef<HTMLDivElement>(null);

  // A refused code is cleared and the first box focused, ready for the code typed again (the
  // error stays up, and Continue off, until the first digit).
  const [refusal, setRefusal] = useState(serverError);
  if (serverError !== refusal) {
    setRefusal(serverError);
    if (serverError) setCode('');
  }
  useEffect(() => {
    if (serverError) boxesRef.current?.querySelector('input')?.focus();
  }, [serverError]);

  const submit = (event: SyntheticEvent) => {
    event.preventDefault();
    if (complete && !serverError) onVerify(code);
  };

  return (
    <form noValidate onSubmit={submit} className="space-y-6">
      <p className="text-sm leading-6 text-slate-600">
        We sent a 6-digit code to{' '}
        <strong className="font-semibold break-all text-slate-900">{email}</strong>. Enter it below
        to continue.
      </p>
      <FormErrorBanner message={serverError} />
      {serverError && errorAction ? errorAction : null}
      <div ref={boxesRef}>
        <OtpInput
          label="Verification code"
          value={code}
          autoFocus
          invalid={Boolean(serverError)}
          onChange={(next) => {
            setCode(next);
            onCodeChange?.();
          }}
        />
      </div>
      <div className="flex flex-col items-center gap-1 text-center text-sm text-slate-600 sm:flex-row sm:justify-between sm:text-left">
        <span>Didn’t get the code?</span>
        <ResendCodeButton onResend={onResend} {...(toasterId ? { toasterId } : {})} />
      </div>
      <Button
        type="submit"
        size="lg"
        className="w-full"
        disabled={!complete || Boolean(serverError)}
        isLoading={isVerifying}
      >
        {isVerifying ? 'Verifying…' : 'Continue'}
      </Button>
    </form>
  );
}
