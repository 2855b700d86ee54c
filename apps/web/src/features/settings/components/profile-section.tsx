import { zodResolver } from '@hookform/resolvers/zod';
import { updateAccountBodySchema } from '@ajo/contracts/accounts';
import type { User } from '@ajo/contracts/auth';
import { useForm } from 'react-hook-form';
import { toast } from '../../../components/ui/toast.ts';
import type { z } from 'zod';
import { Button } from '../../../components/ui/button.tsx';
import { FormErrorBanner } from '../../../components/ui/form-error-banner.tsx';
import { PhoneField } from '../../../components/ui/phone-field.tsx';
import { TextField } from '../../../components/ui/text-field.tsx';
import { useServerErrors } from '../../../lib/use-server-errors.ts';
import { useUpdateProfile } from '../api/update-profile.ts';

type ProfileInput = z.input<typeof updateAccountBodySchema>;
type ProfileOutput = z.output<typeof updateAccountBodySchema>;

/**
 * Phone can change here; the name only until the BVN is verified (tier 1 and up), after which the
 * name on the BVN record is the user's name (KYC). Email and identity details never change here.
 */
export function ProfileSection({ user }: { user: User }) {
  const updateMutation = useUpdateProfile();
  const nameLocked = user.tier > 0;
  const nameHint = nameLocked ? 'Set by your verified BVN record' : undefined;
  const form = useForm<ProfileInput, unknown, ProfileOutput>({
    resolver: zodResolver(updateAccountBodySchema),
    mode: 'onTouched',
    defaultValues: { first_name: user.first_name, last_name: user.last_name, phone: user.phone },
  });
  const { register, handleSubmit, formState, reset } = form;
  const serverError = useServerErrors(form, updateMutation);

  const onSubmit = handleSubmit((values) => {
    updateMutation.mutate(values, {
      onSuccess: (updated) => {
        reset({
          first_name: updated.first_name,
          last_name: updated.last_name,
          phone: updated.phone,
        });
        toast.success('Profile updated');
      },
    });
  });

  return (
    <section aria-labelledby="profile-heading" className="space-y-5">
      <div>
        <h2 id="profile-heading" className="text-lg font-semibold text-slate-900">
          Profile
        </h2>
        <p className="mt-1 text-sm text-slate-600">
          {nameLocked
            ? 'Your name comes from your verified BVN record. Contact support if it has changed.'
            : 'Keep your name as it appears on your BVN record.'}
        </p>
      </div>
      <form noValidate onSubmit={(event) => void onSubmit(event)} className="space-y-4">
        <FormErrorBanner message={serverError} />
        <TextField label="Email address" value={user.email} readOnly disabled />
        <div className="grid gap-4 sm:grid-cols-2">
          <TextField
            label="First name"
            autoComplete="given-name"
            readOnly={nameLocked}
            hint={nameHint}
            error={formState.errors.first_name?.message}
            {...register('first_name')}
          />
          <TextField
            label="Last name"
            autoComplete="family-name"
            readOnly={nameLocked}
            hint={nameHint}
            error={formState.errors.last_name?.message}
            {...register('last_name')}
          />
        </div>
        <PhoneField
          label="Phone number"
          placeholder="800-000-0000"
          error={formState.errors.phone?.message}
          {...register('phone')}
        />
        <Button type="submit" isLoading={updateMutation.isPending} disabled={!formState.isDirty}>
          Save changes
        </Button>
      </form>
    </section>
  );
}
