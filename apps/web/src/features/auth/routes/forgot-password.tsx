import { zodResolver } from '@hookform/resolvers/zod';
import { emailBodySchema } from '@ajo/contracts/auth';
import { useForm } from 'react-hook-form';
import { Link, useNavigate, useSearchParams } from 'react-router';
import type { z } from 'zod';
import { AuthLayout } from '../../../components/ui/auth-layout.tsx';
import { Button } from '../../../components/ui/button.tsx';
import { FormErrorBanner } from '../../../components/ui/form-error-banner.tsx';
import { TextField } from '../../../components/ui/text-field.tsx';
import { useServerErrors } from '../../../lib/use-server-errors.ts';
import { resendPasswordResetCode, useConfirmPasswordReset } from '../api/confirm-password-reset.ts';
import { useRequestPasswordReset } from '../api/request-password-reset.ts';
import { CodeStep } from '../components/code-step.tsx';
import { savePasswordResetTicket } from '../components/password-reset-storage.ts';

type EmailFormInput = z.input<typeof emailBodySchema>;
type EmailFormOutput = z.output<typeof emailBodySchema>;

function RequestCodeForm() {
  const navigate = useNavigate();
  const requestMutation = useRequestPasswordReset();
  const form = useForm<EmailFormInput, unknown, EmailFormOutput>({
    resolver: zodResolver(emailBodySchema),
    mode: 'all',
    defaultValues: { email: '' },
  });
  const { register, handleSubmit, formState } = form;
  const serverError = useServerErrors(form, requestMutation);
  const onSubmit = handleSubmit(({ email }) => {
    requestMutation.mutate(email, {
      onSuccess: () => {
        void navigate(`/forgot-password?confirm=${encodeURIComponent(email)}`);
      },
    });
  });
  return (
    <form noValidate onSubmit={(event) => void onSubmit(event)} className="space-y-5">
      <FormErrorBanner message={serverError} />
      <TextField
        label="Email address"
        type="email"
        inputMode="email"
        autoComplete="email"
        error={formState.touchedFields.email ? formState.errors.email?.message : undefined}
        {...register('email')}
      />
      <Button
        type="submit"
        size="lg"
        className="w-full"
        disabled={!formState.isValid}
        isLoading={requestMutation.isPending}
      >
        {requestMutation.isPending ? 'Sending…' : 'Send code'}
      </Button>
    </form>
  );
}

function VerifyResetCode({ email }: { email: string }) {
  const navigate = useNavigate();
  const confirmMutation = useConfirmPasswordReset();
  return (
    <CodeStep
      email={email}
      isVerifying={confirmMutation.isPending}
      serverError={confirmMutation.error?.message}
      onCodeChange={() => {
        if (confirmMutation.isError) confirmMutation.reset();
      }}
      onVerify={(token) => {
        confirmMutation.mutate(
          { email, token },
          {
            onSuccess: () => {
              savePasswordResetTicket({ email, token });
              void navigate('/password-reset');
            },
          },
        );
      }}
      onResend={() => resendPasswordResetCode(email)}
    />
  );
}

/** /forgot-password, and ?confirm=<email> for the code step. */
export function ForgotPasswordPage() {
  const [searchParams] = useSearchParams();
  const confirmEmail = searchParams.get('confirm');
  return (
    <AuthLayout
      title={confirmEmail ? 'Enter your code' : 'Reset your password'}
      description={
        confirmEmail ? undefined : 'Enter the email you signed up with and we will send you a code.'
      }
      footer={
        <>
          Remembered it?{' '}
          <Link to="/login" className="font-semibold text-brand-700 hover:underline">
            Back to sign in
          </Link>
        </>
      }
    >
      <title>Reset your password · Ajo</title>
      {confirmEmail ? (
        <VerifyResetCode key={confirmEmail} email={confirmEmail} />
      ) : (
        <RequestCodeForm />
      )}
    </AuthLayout>
  );
}
