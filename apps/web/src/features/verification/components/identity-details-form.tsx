import { zodResolver } from '@hookform/resolvers/zod';
import { accountVerificationBodySchema } from '@ajo/contracts/verification';
import { useState, type ChangeEvent } from 'react';
import { useForm } from 'react-hook-form';
import type { z } from 'zod';
import { Button } from '../../../components/ui/button.tsx';
import { TextField } from '../../../components/ui/text-field.tsx';
import type { IdentityDetails } from '../api/submit-account-verification.ts';
import { BVN_LENGTH, keepDigits } from './bvn-modal-storage.ts';

/** The contract's rules and texts ("Invalid BVN", "Invalid phone number") for the first step. */
const identityDetailsSchema = accountVerificationBodySchema.pick({
  bvn: true,
  phone: true,
  address: true,
  date_of_birth: true,
});
type IdentityDetailsInput = z.input<typeof identityDetailsSchema>;

const PHONE_LENGTH = 10;
const NIGERIA_DIAL_CODE = '+234';

/** Today as YYYY-MM-DD in the person's own time zone: nobody is born later than that. */
function todayIsoDate(): string {
  const now = new Date();
  const month = String(now.getMonth() + 1).padStart(2, '0');
  const day = String(now.getDate()).padStart(2, '0');
  return `${String(now.getFullYear())}-${month}-${day}`;
}

interface IdentityDetailsFormProps {
  defaultValues: IdentityDetails;
  onBack: () => void;
  onNext: (details: IdentityDetails) => void;
}

/** Step 0: BVN, phone (+234 fixed), home address and date of birth; Next opens the camera. */
export function IdentityDetailsForm({ defaultValues, onBack, onNext }: IdentityDetailsFormProps) {
  const [latestBirthDate] = useState(todayIsoDate);
  const { register, handleSubmit, formState } = useForm<
    IdentityDetailsInput,
    unknown,
    IdentityDetails
  >({
    resolver: zodResolver(identityDetailsSchema),
    mode: 'onTouched',
    defaultValues,
  });
  const { errors } = formState;

  /** Numeric fields keep digits only, whether typed or pasted with spaces and dashes. */
  const digitsField = (name: 'bvn' | 'phone', maxLength: number) => {
    const field = register(name);
    return {
      ...field,
      onChange: (event: ChangeEvent<HTMLInputElement>) => {
        event.target.value = keepDigits(event.target.value, maxLength);
        return field.onChange(event);
      },
    };
  };

  return (
    <form
      noValidate
      aria-labelledby="identity-details-heading"
      onSubmit={(event) => void handleSubmit(onNext)(event)}
    >
      <h2 id="identity-details-heading" className="text-lg font-semibold text-slate-900">
        Personal details
      </h2>
      <p className="mt-1 text-sm leading-6 text-slate-600">
        Use the BVN you verified for your account number, and the details on your BVN record.
      </p>
      <div className="mt-6 grid gap-5 sm:grid-cols-2">
        <TextField
          label="BVN"
          inputMode="numeric"
          autoComplete="off"
          placeholder="11-digit BVN"
          maxLength={BVN_LENGTH}
          error={errors.bvn?.message}
          {...digitsField('bvn', BVN_LENGTH)}
        />
        <TextField
          label="Phone number"
          type="tel"
          inputMode="numeric"
          autoComplete="tel-national"
          placeholder="800-000-0000"
          prefix={NIGERIA_DIAL_CODE}
          maxLength={PHONE_LENGTH}
          error={errors.phone?.message}
          {...digitsField('phone', PHONE_LENGTH)}
        />
        <TextField
          label="Home address"
          autoComplete="street-address"
          placeholder="House number, street, city"
          className="sm:col-span-2"
          error={errors.address?.message}
          {...register('address')}
        />
        <TextField
          label="Date of birth"
          type="date"
          autoComplete="bday"
          max={latestBirthDate}
          error={errors.date_of_birth?.message}
          {...register('date_of_birth')}
        />
      </div>
      {/*
       * A press here keeps focus in the field: otherwise the field's blur shows its error first,
       * the buttons move down under the pointer and the click is lost.
       */}
      <div
        onMouseDown={(event) => {
          event.preventDefault();
        }}
        className="mt-8 flex flex-col-reverse gap-3 border-t border-slate-200 pt-6 sm:flex-row sm:justify-between"
      >
        <Button variant="secondary" size="lg" className="sm:w-36" onClick={onBack}>
          Back
        </Button>
        <Button type="submit" size="lg" className="sm:w-36">
          Next
        </Button>
      </div>
    </form>
  );
}
