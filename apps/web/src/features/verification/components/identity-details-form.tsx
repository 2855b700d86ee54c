import { zodResolver } from '@hookform/resolvers/zod';
import { accountVerificationBodySchema, dateOfBirthProblem } from '@ajo/contracts/verification';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import type { z } from 'zod';
import { Button } from '../../../components/ui/button.tsx';
import { PhoneField } from '../../../components/ui/phone-field.tsx';
import { TextField } from '../../../components/ui/text-field.tsx';
import { lagosToday, yearsBefore } from '../../../lib/dates.ts';
import type { IdentityDetails } from '../api/submit-account-verification.ts';

/** The age verification needs (DOMAIN.md); the server refuses anyone younger with the same text. */
const ADULT_AGE_YEARS = 18;

/**
 * The contract's rules and texts ("Invalid phone number", "Enter your home address") for the
 * first step, with the server's date-of-birth rule checked against today in Lagos (the business
 * date the server uses), so the camera never opens for details the submission would refuse.
 */
const identityDetailsSchema = accountVerificationBodySchema
  .pick({ phone: true, address: true, date_of_birth: true })
  .superRefine((details, context) => {
    const problem = dateOfBirthProblem(details.date_of_birth, lagosToday());
    if (problem) context.addIssue({ code: 'custom', path: ['date_of_birth'], message: problem });
  });
type IdentityDetailsInput = z.input<typeof identityDetailsSchema>;

interface BvnRowProps {
  maskedBvn: string | null | undefined;
  onVerifyBvn: () => void;
}

/** The verified BVN, shown masked and read-only, or the way to verify one; nothing if unknown. */
function BvnRow({ maskedBvn, onVerifyBvn }: BvnRowProps) {
  if (maskedBvn === undefined) return null;
  if (maskedBvn !== null) {
    return (
      <TextField
        label="BVN"
        value={maskedBvn}
        readOnly
        hint="The BVN you verified for your account number."
      />
    );
  }
  return (
    <div className="rounded-xl bg-amber-50 p-4 text-sm text-amber-900 ring-1 ring-amber-200 ring-inset sm:col-span-2">
      <p className="font-semibold">Verify your BVN first</p>
      <p className="mt-1">
        Your identity is checked against your BVN record, so we need your BVN before your selfie.
      </p>
      <Button variant="secondary" className="mt-3" onClick={onVerifyBvn}>
        Verify your BVN
      </Button>
    </div>
  );
}

interface IdentityDetailsFormProps {
  defaultValues: IdentityDetails;
  /** The verified BVN masked ("2222**"), null before the BVN step, undefined while unknown. */
  maskedBvn: string | null | undefined;
  onVerifyBvn: () => void;
  onBack: () => void;
  onNext: (details: IdentityDetails) => void;
}

/**
 * Step 0: the verified BVN (read-only), phone (+234 fixed), home address and date of birth. Next
 * opens the camera, or the BVN step first for someone without a verified BVN.
 */
export function IdentityDetailsForm(props: IdentityDetailsFormProps) {
  const { defaultValues, maskedBvn, onVerifyBvn, onBack, onNext } = props;
  const [latestBirthDate] = useState(() => yearsBefore(lagosToday(), ADULT_AGE_YEARS));
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

  return (
    <form
      noValidate
      aria-labelledby="identity-details-heading"
      onSubmit={(event) => void handleSubmit(onNext)(event)}
    >
      <h2 id="identity-details-heading" className="text-lg font-semibold text-slate-900">
        Personal details
      </h2>
      <p className="mt-1 text-sm leading-6 text-slate-600">Use the details on your BVN record.</p>
      <div className="mt-6 grid gap-5 sm:grid-cols-2">
        <BvnRow maskedBvn={maskedBvn} onVerifyBvn={onVerifyBvn} />
        <PhoneField
          label="Phone number"
          placeholder="800-000-0000"
          error={errors.phone?.message}
          {...register('phone')}
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
