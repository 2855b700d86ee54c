import { Link, useNavigate, useSearchParams } from 'react-router';
import { Toaster } from '../../../components/ui/toast.ts';
import { AuthLayout } from '../../../components/ui/auth-layout.tsx';
import { ButtonLink } from '../../../components/ui/button.tsx';
import { isApiError } from '../../../lib/api-client.ts';
import { useConfirmAccount } from '../api/confirm-account.ts';
import { resendRegistrationOtp } from '../api/resend-registration-otp.ts';
import { CodeStep } from '../components/code-step.tsx';
import { RegisterForm } from '../components/register-form.tsx';

/** The registration area's own toasts (spec section 2): bottom-right, 4 s, three at most. */
export const REGISTRATION_TOASTER_ID = 'registration';
const REGISTRATION_TOAST_DURATION_MS = 4000;

function RegistrationToaster() {
  return (
    <Toaster
      id={REGISTRATION_TOASTER_ID}
      position="bottom-right"
      duration={REGISTRATION_TOAST_DURATION_MS}
      visibleToasts={3}
      containerAriaLabel="Registration notifications"
      richColors
    />
  );
}

/** The API's answer when someone registered this address again after this sign-up. */
const REGISTRATION_REPLACED = 'registration_replaced';

function ConfirmAccountStep({ email }: { email: string }) {
  const confirmMutation = useConfirmAccount();
  const { error } = confirmMutation;
  // No code sent to this browser can finish the sign-up any more: only a new one can.
  const replaced = isApiError(error) && error.code === REGISTRATION_REPLACED;
  return (
    <CodeStep
      email={email}
      isVerifying={confirmMutation.isPending}
      serverError={error?.message}
      errorAction={
        replaced ? (
          <ButtonLink to="/register" variant="secondary" size="lg" className="w-full">
            Register again
          </ButtonLink>
        ) : undefined
      }
      toasterId={REGISTRATION_TOASTER_ID}
      onCodeChange={() => {
        if (confirmMutation.isError) confirmMutation.reset();
      }}
      onVerify={(token) => {
        // On success the user is cached and the public-route guard goes Home.
        confirmMutation.mutate({ email, token });
      }}
      onResend={() => resendRegistrationOtp(email)}
    />
  );
}

/** /register, and /register?confirm=<email> for the code step. */
export function RegisterPage() {
  const [searchParams] = useSearchParams();
  const navigate = useNavigate();
  const confirmEmail = searchParams.get('confirm');
  const referralCode = searchParams.get('ref');

  if (confirmEmail) {
    return (
      <AuthLayout
        title="Verify your email"
        footer={
          <Link to="/register" className="font-semibold text-brand-700 hover:underline">
            Use a different email
          </Link>
        }
      >
        <title>Verify your email · Ajo</title>
        <ConfirmAccountStep key={confirmEmail} email={confirmEmail} />
        <RegistrationToaster />
      </AuthLayout>
    );
  }

  return (
    <AuthLayout
      title="Create your account"
      description="It takes a minute. You will confirm your email with a 6-digit code."
      footer={
        <>
          Already have an account?{' '}
          <Link to="/login" className="font-semibold text-brand-700 hover:underline">
            Sign in
          </Link>
        </>
      }
    >
      <title>Create your account · Ajo</title>
      <RegisterForm
        referralCode={referralCode}
        onRegistered={(email) => {
          void navigate(`/register?confirm=${encodeURIComponent(email)}`);
        }}
      />
      <RegistrationToaster />
    </AuthLayout>
  );
}
