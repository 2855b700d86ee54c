import { zodResolver } from '@hookform/resolvers/zod';
import { changePasswordBodySchema } from '@ajo/contracts/auth';
import { useQueryClient } from '@tanstack/react-query';
import { useId, useState } from 'react';
import { useForm } from 'react-hook-form';
import { useNavigate } from 'react-router';
import { toast } from '../../../components/ui/toast.ts';
import type { z } from 'zod';
import { Button } from '../../../components/ui/button.tsx';
import { FormErrorBanner } from '../../../components/ui/form-error-banner.tsx';
import { ModalDialog } from '../../../components/ui/modal-dialog.tsx';
import { TextField } from '../../../components/ui/text-field.tsx';
import { useServerErrors } from '../../../lib/use-server-errors.ts';
import { useChangeOwnPassword } from '../api/change-own-password.ts';
import { useSignOutEverywhere } from '../api/sign-out-everywhere.ts';
import { DevicesSection } from './devices-section.tsx';

type PasswordInput = z.input<typeof changePasswordBodySchema>;
type PasswordOutput = z.output<typeof changePasswordBodySchema>;

/**
 * Ends every session, this one included, after a confirmation: a stray tap would otherwise sign
 * the person out of every device at once.
 */
function SignOutEverywhere() {
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const signOutMutation = useSignOutEverywhere();
  const [confirming, setConfirming] = useState(false);
  const headingId = useId();

  const close = () => {
    if (!signOutMutation.isPending) setConfirming(false);
  };
  const signOutEverywhere = () => {
    signOutMutation.mutate(undefined, {
      onSuccess: () => {
        queryClient.clear();
        toast.success('You are signed out of every device.');
        void navigate('/login', { replace: true });
      },
    });
  };

  return (
    <>
      <Button
        variant="danger"
        onClick={() => {
          setConfirming(true);
        }}
      >
        Sign out everywhere
      </Button>
      <ModalDialog
        open={confirming}
        onRequestClose={close}
        onClosed={() => {
          signOutMutation.reset();
        }}
        labelledBy={headingId}
        closeLabel="Close sign out everywhere"
      >
        <h2 id={headingId} className="pr-10 text-lg font-semibold text-slate-900">
          Sign out of every device?
        </h2>
        <p className="mt-2 text-sm leading-6 text-slate-600">
          Every session ends, this one included. You will need your password to sign in again on
          each device.
        </p>
        <div className="mt-4">
          <FormErrorBanner message={signOutMutation.error?.message} />
        </div>
        <div className="mt-6 flex flex-col-reverse gap-3 sm:flex-row sm:justify-end">
          <Button
            variant="ghost"
            onClick={close}
            disabled={signOutMutation.isPending}
            data-autofocus
          >
            Stay signed in
          </Button>
          <Button
            variant="danger"
            isLoading={signOutMutation.isPending}
            onClick={signOutEverywhere}
          >
            Sign out everywhere
          </Button>
        </div>
      </ModalDialog>
    </>
  );
}

export function SecuritySection() {
  const changeMutation = useChangeOwnPassword();
  const form = useForm<PasswordInput, unknown, PasswordOutput>({
    resolver: zodResolver(changePasswordBodySchema),
    mode: 'onTouched',
    defaultValues: { current_password: '', new_password: '' },
  });
  const { register, handleSubmit, formState, reset } = form;
  // "Your current password is not correct" and "Choose a new password that is different…" go on
  // the field they are about, and leave it once that field is edited.
  const serverError = useServerErrors(form, changeMutation);

  const onSubmit = handleSubmit((values) => {
    changeMutation.mutate(values, {
      onSuccess: () => {
        reset();
        toast.success('Password changed. Other devices have been signed out.');
      },
    });
  });

  return (
    <div className="space-y-10">
      <section aria-labelledby="password-heading" className="space-y-5">
        <div>
          <h2 id="password-heading" className="text-lg font-semibold text-slate-900">
            Change password
          </h2>
          <p className="mt-1 text-sm text-slate-600">
            Every other device signed in to your account will be signed out.
          </p>
        </div>
        <form noValidate onSubmit={(event) => void onSubmit(event)} className="space-y-4">
          <FormErrorBanner message={serverError} />
          <TextField
            label="Current password"
            type="password"
            autoComplete="current-password"
            error={formState.errors.current_password?.message}
            {...register('current_password')}
          />
          <TextField
            label="New password"
            type="password"
            autoComplete="new-password"
            hint="At least 8 characters."
            error={formState.errors.new_password?.message}
            {...register('new_password')}
          />
          <Button type="submit" isLoading={changeMutation.isPending}>
            Change password
          </Button>
        </form>
      </section>

      <DevicesSection />

      <section
        aria-labelledby="sessions-heading"
        className="space-y-4 rounded-2xl border border-slate-200 bg-white p-5"
      >
        <div>
          <h2 id="sessions-heading" className="text-lg font-semibold text-slate-900">
            Sign out everywhere
          </h2>
          <p className="mt-1 text-sm text-slate-600">
            Lost a phone or used a shared computer? End every session, this one included.
          </p>
        </div>
        <SignOutEverywhere />
      </section>
    </div>
  );
}
