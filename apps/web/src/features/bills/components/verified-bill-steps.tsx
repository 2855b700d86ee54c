import { Button } from '../../../components/ui/button.tsx';
import { TextField, type TextFieldProps } from '../../../components/ui/text-field.tsx';
import type { VerifiedBillForm } from '../hooks/use-verified-bill-form.ts';
import { AmountStep } from './amount-step.tsx';
import { VerifiedCustomer } from './verified-customer.tsx';

/** The customer's number (a meter, a betting account) and, once verified, whose it is. */
export function CustomerNumberField({
  form,
  hint,
  what,
  withAddress,
  ...field
}: Pick<
  TextFieldProps,
  'label' | 'placeholder' | 'maxLength' | 'inputMode' | 'autoCapitalize' | 'spellCheck'
> & {
  form: VerifiedBillForm;
  /** Shown under the box until the biller has named the customer. */
  hint: string;
  /** "Meter" or "Account": what was verified. */
  what: string;
  /** A meter's address is shown with its owner; a betting account has none. */
  withAddress: boolean;
}) {
  const { customer } = form;
  return (
    <div className="space-y-3">
      <TextField
        {...field}
        autoComplete="off"
        value={form.customerId}
        onChange={(event) => {
          form.typeCustomerId(event.target.value);
        }}
        onBlur={form.leaveCustomerId}
        error={form.customerError}
        hint={customer ? undefined : hint}
      />
      {customer ? (
        <VerifiedCustomer
          name={customer.name}
          address={withAddress ? customer.address : null}
          what={what}
        />
      ) : null}
    </div>
  );
}

/** The end of the form: Verify until the biller has named the customer, then the amount. */
export function VerifyOrAmountStep({
  form,
  presetsNaira,
  fallbackHint,
  verifyLabel,
}: {
  form: VerifiedBillForm;
  presetsNaira: readonly number[];
  fallbackHint: string;
  /** "Verify meter" or "Verify account". */
  verifyLabel: string;
}) {
  return form.customer ? (
    <AmountStep
      quoted={form.quoted}
      presetsNaira={presetsNaira}
      ready
      fallbackHint={fallbackHint}
    />
  ) : (
    <Button
      type="submit"
      size="lg"
      className="w-full"
      isLoading={form.isVerifying}
      disabled={form.biller === undefined}
    >
      {verifyLabel}
    </Button>
  );
}
