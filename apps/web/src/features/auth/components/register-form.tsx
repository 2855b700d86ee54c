import { zodResolver } from '@hookform/resolvers/zod';
import { registerBodySchema } from '@ajo/contracts/auth';
import { useForm } from 'react-hook-form';
import type { z } from 'zod';
import { Button } from '../../../components/ui/button.tsx';
import { FormErrorBanner } from '../../../components/ui/form-error-banner.tsx';
import { AlertIcon } from '../../../components/ui/icons.tsx';
import { PhoneField } from '../../../components/ui/phone-field.tsx';
import { TextField } from '../../../components/ui/text-field.tsx';
import { useServerErrors } from '../../../lib/use-server-errors.ts';
import { useRegister } from '../api/register.ts';

/** The contract's rules and texts; the dial code is fixed, so the form does not ask for it. */
const registerFormSchema = registerBodySchema.omit({ country_code: true });
type RegisterFormInput = z.input<typeof registerFormSchema>;
type RegisterFormOutput = z.output<typeof registerFormSchema>;

interface RegisterFormProps {
  /** From ?ref=: prefilled and locked. */
  referralCode: string | null;
  onRegistered: (email: string) => void;
}

export function RegisterForm({ referralCode, onRegistered }: RegisterFormProps) {
  const registerMutation = useRegister();
  const form = useForm<RegisterFormInput, unknown, RegisterFormOutput>({
    resolver: zodResolver(registerFormSchema),
    mode: 'onTouched',
    defaultValues: {
      first_name: '',
      last_name: '',
      email: '',
      phone: '',
      password: '',
      referred_by: referralCode ?? '',
    },
  });
  const { register, handleSubmit, formState } = form;
  const { errors } = formState;
  const serverError = useServerErrors(form, registerMutation);

  const onSubmit = handleSubmit((values) => {
    registerMutation.mutate(values, {
      onSuccess: (registered) => {
        onRegistered(registered.email);
      },
    });
  });

  return (
    <form noValidate onSubmit={(event) => void onSubmit(event)} className="space-y-5">
      <FormErrorBanner message={serverError} />
      <div className="flex items-start gap-3 rounded-xl bg-amber-50 px-4 py-3 text-sm text-amber-900 ring-1 ring-amber-200 ring-inset">
        <AlertIcon className="mt-0.5 size-5 shrink-0 text-amber-600" />
        <p>Please ensure your BVN details match your registered name</p>
      </div>
      <div className="grid gap-5 sm:grid-cols-2">
        <TextField
          label="First name"
          autoComplete="given-name"
          error={errors.first_name?.message}
          {...register('first_name')}
        />
        <TextField
          label="Last name"
          autoComplete="family-name"
          error={errors.last_name?.message}
          {...register('last_name')}
        />
      </div>
      <TextField
        label="Email address"
        type="email"
        inputMode="email"
        autoComplete="email"
        error={errors.email?.message}
        {...register('email')}
      />
      <PhoneField
        label="Phone number"
        placeholder="8012345678"
        error={errors.phone?.message}
        {...register('phone')}
      />
      <TextField
        label="Password"
        type="password"
        autoComplete="new-password"
        hint="At least 8 characters."
        error={errors.password?.message}
        {...register('password')}
      />
      <TextField
        label="Referral code (optional)"
        autoComplete="off"
        readOnly={referralCode !== null}
        error={errors.referred_by?.message}
        {...register('referred_by')}
      />
      <Button type="submit" size="lg" className="w-full" isLoading={registerMutation.isPending}>
        {registerMutation.isPending ? 'Creating account…' : 'Create account'}
      </Button>
    </form>
  );
}
