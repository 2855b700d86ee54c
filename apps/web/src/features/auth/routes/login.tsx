import { zodResolver } from '@hookform/resolvers/zod';
import { loginBodySchema } from '@ajo/contracts/auth';
import { useForm } from 'react-hook-form';
import { Link, useNavigate } from 'react-router';
import type { z } from 'zod';
import { AuthLayout } from '../../../components/ui/auth-layout.tsx';
import { Button } from '../../../components/ui/button.tsx';
import { FormErrorBanner } from '../../../components/ui/form-error-banner.tsx';
import { TextField } from '../../../components/ui/text-field.tsx';
import { isApiError } from '../../../lib/api-client.ts';
import { useLogin } from '../api/login.ts';

type LoginFormInput = z.input<typeof loginBodySchema>;
type LoginFormOutput = z.output<typeof loginBodySchema>;

/** Sign in. The public-route guard moves a signed-in user on to ?redirect= or Home. */
export function LoginPage() {
  const navigate = useNavigate();
  const loginMutation = useLogin();
  const { register, handleSubmit, formState } = useForm<LoginFormInput, unknown, LoginFormOutput>({
    resolver: zodResolver(loginBodySchema),
    mode: 'onTouched',
    defaultValues: { email: '', password: '' },
  });

  const onSubmit = handleSubmit((values) => {
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
      <form noValidate onSubmit={(event) => void onSubmit(event)} className="space-y-5">
        <FormErrorBanner message={loginMutation.error?.message} />
        <TextField
          label="Email address"
          type="email"
          autoComplete="email"
          inputMode="email"
          error={formState.errors.email?.message}
          {...register('email')}
        />
        <TextField
          label="Password"
          type="password"
          autoComplete="current-password"
          error={formState.errors.password?.message}
          {...register('password')}
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
