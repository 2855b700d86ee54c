import { useState } from 'react';
import { Button } from '../../../components/ui/button.tsx';
import { TextField } from '../../../components/ui/text-field.tsx';
import { useBillers } from '../api/get-billers.ts';
import { useCustomerVerification } from '../hooks/use-customer-verification.ts';
import { useQuotedBillAmount } from '../hooks/use-quoted-bill-amount.ts';
import type { BillFormProps } from './airtime-form.tsx';
import { AmountStep } from './amount-step.tsx';
import { BillerPicker } from './biller-picker.tsx';
import { RecentRecipients } from './recent-recipients.tsx';
import { VerifiedCustomer } from './verified-customer.tsx';

const BETTING_PRESETS_NAIRA = [500, 1_000, 2_000, 5_000] as const;
const ACCOUNT_PATTERN = /^[A-Za-z0-9]{4,20}$/;

/** Betting: a company and the account ID, verified to show its holder, then an amount. */
export function BettingForm({ onContinue }: BillFormProps) {
  const billers = useBillers(5);
  const [billerId, setBillerId] = useState<string | undefined>(undefined);
  const biller = billers.data?.find((candidate) => candidate.id === billerId) ?? billers.data?.[0];
  const [customerId, setCustomerId] = useState('');
  const [touched, setTouched] = useState(false);
  const idIsValid = ACCOUNT_PATTERN.test(customerId.trim());
  const verification = useCustomerVerification(
    5,
    biller ? { billerId: biller.id, customerId } : undefined,
  );
  const quoted = useQuotedBillAmount(5);
  const { customer } = verification;

  const idError =
    touched && !idIsValid
      ? 'Enter your betting account ID: 4 to 20 letters or digits'
      : verification.error;

  return (
    <form
      noValidate
      aria-label="Fund a betting account"
      className="space-y-6"
      onSubmit={(event) => {
        event.preventDefault();
        setTouched(true);
        if (!biller || !idIsValid) return;
        if (!customer) {
          verification.start({ billerId: biller.id, customerId });
          return;
        }
        const quote = quoted.currentQuote;
        if (!quote || quoted.amountMinor === null) return;
        onContinue(
          {
            kind: 'betting',
            biller,
            customerId: customerId.trim(),
            customer,
            amountMinor: quoted.amountMinor,
          },
          quote,
        );
      }}
    >
      <RecentRecipients
        type={5}
        billers={billers.data}
        onPick={(picked) => {
          setBillerId(picked.biller_id);
          setCustomerId(picked.customer_id);
          verification.start({ billerId: picked.biller_id, customerId: picked.customer_id });
        }}
      />
      <BillerPicker
        legend="Betting company"
        layout="tiles"
        billers={billers.data}
        isPending={billers.isPending}
        error={billers.error}
        onRetry={() => {
          void billers.refetch();
        }}
        selectedId={biller?.id}
        onSelect={(chosen) => {
          setBillerId(chosen.id);
        }}
      />
      <div className="space-y-3">
        <TextField
          label="Account ID"
          autoComplete="off"
          autoCapitalize="characters"
          spellCheck={false}
          placeholder={biller ? `Your ${biller.short_name} user ID` : 'Your user ID'}
          maxLength={20}
          value={customerId}
          onChange={(event) => {
            setCustomerId(event.target.value.replace(/\s/g, ''));
          }}
          onBlur={() => {
            if (customerId !== '') setTouched(true);
          }}
          error={idError}
          hint={customer ? undefined : 'We confirm the account holder before you pay.'}
        />
        {customer ? <VerifiedCustomer name={customer.name} address={null} what="Account" /> : null}
      </div>
      {customer ? (
        <AmountStep
          quoted={quoted}
          presetsNaira={BETTING_PRESETS_NAIRA}
          ready
          fallbackHint="Paid into the betting wallet at once."
        />
      ) : (
        <Button
          type="submit"
          size="lg"
          className="w-full"
          isLoading={verification.isVerifying}
          disabled={biller === undefined}
        >
          Verify account
        </Button>
      )}
    </form>
  );
}
