import { useState, type SyntheticEvent } from 'react';
import { Navigate, useNavigate } from 'react-router';
import { toast } from '../../../components/ui/toast.ts';
import { AuthLayout } from '../../../components/ui/auth-layout.tsx';
import { Button } from '../../../components/ui/button.tsx';
import { FormErrorBanner } from '../../../components/ui/form-error-banner.tsx';
import { TextField } from '../../../components/ui/text-field.tsx';
import { useChangePassword } from '../api/change-password.ts';
import {
  clearPasswordResetTicket,
  readPasswordResetTicket,
} from '../components/password-reset-storage.ts';

/**
 * The last reset step. Old sessions are revoked by the change, so the person signs in again;
 * no rule on the new password is checked here (spec section 5), the server answers instead.
 */
export function PasswordResetPage() {
  const navigate = useNavigate();
  const [ticket] = useState(readPasswordResetTicket);
  const [newPassword, setNewPassword] = useState('');
  const changeMutation = useChangePassword();

  if (!ticket) return <Navigate to="/login" replace />;

  const submit = (event: SyntheticEvent) => {
    event.preventDefault();
    changeMutation.mutate(
      { ...ticket, new_password: newPassword },
      {
        onSuccess: () => {
          clearPasswordResetTicket();
          toast.success('Your password has been changed. Sign in with your new password.');
          void navigate('/login', { replace: true });
        },
      },
    );
  };

  return (
    <AuthLayout title="Choose a new password" description={`For ${ticket.email}`}>
      <title>Change your password · Ajo</title>
      <form noValidate onSubmit={submit} className="space-y-5">
        <FormErrorBanner message={changeMutation.error?.message} />
        <TextField
          label="New password"
          type="password"
          autoComplete="new-password"
          value={newPassword}
          onChange={(event) => {
            setNewPassword(event.target.value);
            // The refusal was about the password as it was; the edited one is not refused yet.
            if (changeMutation.isError) changeMutation.reset();
          }}
        />
        <Button type="submit" size="lg" className="w-full" isLoading={changeMutation.isPending}>
          {changeMutation.isPending ? 'Saving…' : 'Change password'}
        </Button>
      </form>
    </AuthLayout>
  );
}
