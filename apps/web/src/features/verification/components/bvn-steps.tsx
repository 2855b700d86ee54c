import { useState, type SubmitEvent } from 'react';
import { verificationMessages } from '@ajo/contracts/verification';
import { Button } from '../../../components/ui/button.tsx';
import { buttonClassName } from '../../../components/ui/button-class-name.ts';
import { FormErrorBanner } from '../../../components/ui/form-error-banner.tsx';
import { Spinner } from '../../../components/ui/spinner.tsx';
import { TextField } from '../../../components/ui/text-field.tsx';
import { BVN_LENGTH, isBvnLongEnough, keepDigits } from './bvn-modal-storage.ts';
import { useFocusOnMount } from './use-focus-on-mount.ts';

interface StepIds {
  titleId: string;
  descriptionId: string;
}

const titleClassName =
  'text-xl font-bold tracking-tight text-slate-900 focus:outline-none sm:text-2xl';
const descriptionClassName = 'mt-2 text-sm leading-6 text-slate-600';

function ShieldIcon() {
  return (
    <svg
      className="size-7"
      viewBox="0 0 24 24"
      fill="none"
      stroke="currentColor"
      strokeWidth="1.8"
      strokeLinecap="round"
      strokeLinejoin="round"
      aria-hidden="true"
    >
      <path d="M12 3 4.5 6v5.5c0 4.6 3.2 8.3 7.5 9.5 4.3-1.2 7.5-4.9 7.5-9.5V6L12 3Z" />
      <path d="m8.8 12.2 2.2 2.2 4.3-4.6" />
    </svg>
  );
}

function CheckBadgeIcon() {
  return (
    <svg
      className="size-9"
      viewBox="0 0 24 24"
      fill="none"
      stroke="currentColor"
      strokeWidth="2"
      strokeLinecap="round"
      strokeLinejoin="round"
      aria-hidden="true"
    >
      <circle cx="12" cy="12" r="9" />
      <path d="m8 12.3 2.7 2.7L16.2 9.5" />
    </svg>
  );
}

interface EnterBvnStepProps extends StepIds {
  initialBvn: string;
  registeredName: string;
  serverError: string | undefined;
  /** Clears the server's refusal once the BVN it was about is edited. */
  onEdit?: () => void;
  onVerify: (bvn: string) => void;
}

/** Step 1: the BVN, digits only, at most 11; Verify needs more than 10 (spec section 5). */
export function EnterBvnStep(props: EnterBvnStepProps) {
  const { titleId, descriptionId, initialBvn, registeredName, serverError, onEdit, onVerify } =
    props;
  const [bvn, setBvn] = useState(initialBvn);
  const [attempted, setAttempted] = useState(false);
  const inputRef = useFocusOnMount<HTMLInputElement>();
  const tooShort = attempted && !isBvnLongEnough(bvn);

  const submit = (event: SubmitEvent<HTMLFormElement>) => {
    event.preventDefault();
    setAttempted(true);
    if (isBvnLongEnough(bvn)) onVerify(bvn);
  };

  return (
    <form noValidate onSubmit={submit}>
      <div className="flex size-14 items-center justify-center rounded-2xl bg-brand-50 text-brand-600">
        <ShieldIcon />
      </div>
      <h2 id={titleId} className={`mt-5 ${titleClassName}`}>
        Verify your BVN
      </h2>
      <p id={descriptionId} className={descriptionClassName}>
        The Central Bank of Nigeria requires your Bank Verification Number (BVN) before we can give
        you an account number to fund your wallet.
      </p>
      <div className="mt-6 space-y-5">
        <FormErrorBanner message={serverError} />
        <TextField
          ref={inputRef}
          data-autofocus=""
          label="Bank Verification Number (BVN)"
          inputMode="numeric"
          autoComplete="off"
          placeholder="11-digit BVN"
          maxLength={BVN_LENGTH}
          value={bvn}
          error={tooShort ? verificationMessages.bvnModalInvalid : undefined}
          hint="Dial *565*0# from the phone number linked to your bank account to see your BVN."
          onChange={(event) => {
            setBvn(keepDigits(event.target.value, BVN_LENGTH));
            onEdit?.();
          }}
        />
        <p className="rounded-xl bg-amber-50 px-4 py-3 text-sm text-amber-900 ring-1 ring-amber-200 ring-inset">
          The name on your BVN must match your registered name
          {registeredName === '' ? (
            '.'
          ) : (
            <>
              : <strong className="font-semibold">{registeredName}</strong>
            </>
          )}
        </p>
        <Button type="submit" size="lg" className="w-full">
          Verify
        </Button>
      </div>
    </form>
  );
}

/** Step 2: the registry is being asked. */
export function VerifyingBvnStep({ titleId, descriptionId }: StepIds) {
  const headingRef = useFocusOnMount<HTMLHeadingElement>();
  return (
    <div className="flex flex-col items-center py-8 text-center" aria-busy="true">
      <Spinner className="size-14 text-brand-600" />
      <h2 ref={headingRef} id={titleId} tabIndex={-1} className={`mt-6 ${titleClassName}`}>
        Hold on while we verify your identity
      </h2>
      <p id={descriptionId} className={descriptionClassName}>
        This will take a few seconds...
      </p>
    </div>
  );
}

export interface BvnDetails {
  firstname: string;
  lastname: string;
  /** Masked by the server: the first 4 digits then two asterisks. */
  Bvn: string;
}

interface ConfirmDetailsStepProps extends StepIds {
  details: BvnDetails;
  isCreating: boolean;
  onConfirm: () => void;
}

/** Step 3: the names on the BVN record and the masked BVN. */
export function ConfirmDetailsStep(props: ConfirmDetailsStepProps) {
  const { titleId, descriptionId, details, isCreating, onConfirm } = props;
  const headingRef = useFocusOnMount<HTMLHeadingElement>();
  const rows = [
    { label: 'First name', value: details.firstname },
    { label: 'Last name', value: details.lastname },
    { label: 'BVN', value: details.Bvn },
  ];
  return (
    <div>
      <h2 ref={headingRef} id={titleId} tabIndex={-1} className={`pr-10 ${titleClassName}`}>
        Confirm Details
      </h2>
      <p id={descriptionId} className={descriptionClassName}>
        These details come from your BVN record. Check that they are yours.
      </p>
      <dl className="mt-6 divide-y divide-slate-200 rounded-2xl bg-slate-50 ring-1 ring-slate-200 ring-inset">
        {rows.map((row) => (
          <div key={row.label} className="flex items-center justify-between gap-4 px-4 py-3.5">
            <dt className="text-sm text-slate-600">{row.label}</dt>
            <dd className="text-right font-semibold break-all text-slate-900">{row.value}</dd>
          </div>
        ))}
      </dl>
      <div className="mt-6 flex h-12 items-center justify-center">
        {isCreating ? (
          <Spinner label="Creating your account number" className="size-7 text-brand-600" />
        ) : (
          <Button size="lg" className="w-full" onClick={onConfirm}>
            Yes, It is correct
          </Button>
        )}
      </div>
    </div>
  );
}

interface BvnVerifiedStepProps extends StepIds {
  onDone: () => void;
}

/** Step 4: done; the next stop is the fund-account panel. */
export function BvnVerifiedStep({ titleId, descriptionId, onDone }: BvnVerifiedStepProps) {
  const doneRef = useFocusOnMount<HTMLButtonElement>();
  return (
    <div className="flex flex-col items-center pt-4 text-center">
      <span className="flex size-16 items-center justify-center rounded-full bg-emerald-50 text-emerald-600 ring-8 ring-emerald-50/60">
        <CheckBadgeIcon />
      </span>
      <h2 id={titleId} className={`mt-6 ${titleClassName}`}>
        BVN verified
      </h2>
      <p id={descriptionId} className={descriptionClassName}>
        Your BVN has been verified
      </p>
      <button
        ref={doneRef}
        type="button"
        onClick={onDone}
        className={buttonClassName('primary', 'lg', 'mt-8 w-full')}
      >
        Done
      </button>
    </div>
  );
}
