import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { opsMessages } from '@ajo/contracts/ops';
import { BrandLogo } from '../../../components/brand/brand-logo.tsx';
import { Button } from '../../../components/ui/button.tsx';
import { FormErrorBanner } from '../../../components/ui/form-error-banner.tsx';
import { TextField } from '../../../components/ui/text-field.tsx';
import { operatorQueryKey, signInOperator } from '../api/ops-api.ts';

/** The console's own sign-in: work email, password, and the authenticator app's code. */
export function OpsSignIn() {
  const queryClient = useQueryClient();
  const [email, setEmail] = useState('');
  const [password, setPassword] = useState('');
  const [code, setCode] = useState('');
  const [fieldErrors, setFieldErrors] = useState<Record<string, string>>({});
  const signIn = useMutation({
    mutationFn: signInOperator,
    onSuccess: (answer) => {
      queryClient.setQueryData(operatorQueryKey, answer.operator);
    },
  });
  return (
    <main className="flex min-h-dvh items-center justify-center bg-slate-900 px-4 py-10">
      <title>Operator console · Ajo</title>
      <div className="w-full max-w-sm rounded-2xl bg-white p-6 shadow-xl sm:p-8">
        <div className="flex items-center gap-2">
          <BrandLogo />
          <span className="rounded bg-amber-400 px-1.5 py-0.5 text-xs font-bold text-slate-900">
            OPS
          </span>
        </div>
        <h1 className="mt-6 text-xl font-semibold text-slate-900">Operator console</h1>
        <p className="mt-1 text-sm text-slate-600">
          For Ajo staff. Sign in with your work email, password and the 6-digit code from your
          authenticator app.
        </p>
        <form
          noValidate
          className="mt-6 space-y-4"
          onSubmit={(event) => {
            event.preventDefault();
            const problems: Record<string, string> = {};
            if (!/^\S+@\S+\.\S+$/.test(email)) problems.email = opsMessages.badEmail;
            if (password === '') problems.password = opsMessages.badPassword;
            if (!/^\d{6}$/.test(code)) problems.code = opsMessages.badCode;
            setFieldErrors(problems);
            if (Object.keys(problems).length === 0) signIn.mutate({ email, password, code });
          }}
        >
          <FormErrorBanner message={signIn.error?.message} />
          <TextField
            label="Work email"
            type="email"
            autoComplete="username"
            value={email}
            error={fieldErrors.email}
            onChange={(event) => {
              setEmail(event.target.value);
            }}
          />
          <TextField
            label="Password"
            type="password"
            autoComplete="current-password"
            value={password}
            error={fieldErrors.password}
            onChange={(event) => {
              setPassword(event.target.value);
            }}
          />
          <TextField
            label="Authenticator code"
            inputMode="numeric"
            autoComplete="one-time-code"
            maxLength={6}
            value={code}
            error={fieldErrors.code}
            onChange={(event) => {
              setCode(event.target.value.replace(/\D/g, ''));
            }}
          />
          <Button type="submit" className="w-full" isLoading={signIn.isPending}>
            Sign in
          </Button>
        </form>
      </div>
    </main>
  );
}
