import { checkLoginForm } from '@ajo/contracts/auth-rules';
import { Link, useNavigate } from 'react-router';
import { AuthLayout } from '../../../components/ui/auth-layout.tsx';
import { Button } from '../../../components/ui/button.tsx';
import { FormErrorBanner } from '../../../components/ui/form-error-banner.tsx';
import { TextField } from '../../../components/ui/text-field.tsx';
import { isApiError } from '../../../lib/api-client.ts';
import { useCheckedForm } from '../../../lib/use-checked-form.ts';
import { useLogin } from '../api/login.ts';

/**
 * Sign in. The public-route guard moves a signed-in user on to ?redirect= or Home. The form is
 * checked by the contracts' zod-free `checkLoginForm` (the first load of /login carries neither
 * zod nor react-hook-form).
 */
export function LoginPage() {
  const navigate = useNavigate();
  const loginMutation = useLogin();
  const { errors, field, handleSubmit } = useCheckedForm(
    { email: '', password: '' },
    checkLoginForm,
    {
      // "Incorrect email or password" no longer holds once either has been changed.
      onEdit: () => {
        if (loginMutation.isError) loginMutation.reset();
      },
    },
  );

  const onSubmit = handleSubmit((form) => {
    const values = { email: form.email.trim().toLowerCase(), password: form.password };
    loginMutation.mutate(values, {
      onError: (error) => {
        // The API has just emailed a fresh code: finish the sign-up on the code step.
        if (isApiError(error) && error.code === 'account_not_confirmed') {
          void navigate(`/register?confirm=${encodeURIComponent(values.email)}`);
        }
      },
    });
  });

  return (
    <AuthLayout
      title="Welcome back"
      description="Sign in to save, invest and pay bills with Ajo."
      footer={
        <>
          New to Ajo?{' '}
          <Link to="/register" className="font-semibold text-brand-700 hover:underline">
            Create an account
          </Link>
        </>
      }
    >
      <title>Sign in · Ajo</title>
      <form noValidate onSubmit={onSubmit} className="space-y-5">
        <FormErrorBanner message={loginMutation.error?.message} />
        <TextField
          label="Email address"
          type="email"
          autoComplete="email"
          inputMode="email"
          error={errors.email}
          {...field('email')}
        />
        <TextField
          label="Password"
          type="password"
          autoComplete="current-password"
          error={errors.password}
          {...field('password')}
        />
        <div className="flex justify-end">
          <Link
            to="/forgot-password"
            className="rounded text-sm font-semibold text-brand-700 hover:underline"
          >
            Forgot password?
          </Link>
        </div>
        <Button type="submit" size="lg" className="w-full" isLoading={loginMutation.isPending}>
          {loginMutation.isPending ? 'Signing in…' : 'Sign in'}
        </Button>
      </form>
    </AuthLayout>
  );
}
