import { useVerifiedBillForm } from '../hooks/use-verified-bill-form.ts';
import type { BillFormProps } from './airtime-form.tsx';
import { BillerPicker } from './biller-picker.tsx';
import { RecentRecipients } from './recent-recipients.tsx';
import { CustomerNumberField, VerifyOrAmountStep } from './verified-bill-steps.tsx';

const BETTING_PRESETS_NAIRA = [500, 1_000, 2_000, 5_000] as const;
const ACCOUNT_RULE = {
  pattern: /^[A-Za-z0-9]{4,20}$/,
  dropped: /\s/g,
  message: 'Enter your betting account ID: 4 to 20 letters or digits',
};

/** Betting: a company and the account ID, verified to show its holder, then an amount. */
export function BettingForm({ onContinue }: BillFormProps) {
  const form = useVerifiedBillForm(5, ACCOUNT_RULE);

  return (
    <form
      noValidate
      aria-label="Fund a betting account"
      className="space-y-6"
      onSubmit={(event) => {
        event.preventDefault();
        form.submit(({ biller, customer, amountMinor, quote }) => {
          onContinue(
            {
              kind: 'betting',
              biller,
              customerId: form.customerId.trim(),
              customer,
              amountMinor,
            },
            quote,
          );
        });
      }}
    >
      <RecentRecipients
        type={5}
        billers={form.billers.data}
        onPick={(picked) => {
          form.fill({ billerId: picked.biller_id, customerId: picked.customer_id });
        }}
      />
      <BillerPicker
        legend="Betting company"
        layout="tiles"
        billers={form.billers}
        selectedId={form.biller?.id}
        onSelect={(chosen) => {
          form.pickBiller(chosen.id);
        }}
      />
      <CustomerNumberField
        form={form}
        label="Account ID"
        autoCapitalize="characters"
        spellCheck={false}
        placeholder={form.biller ? `Your ${form.biller.short_name} user ID` : 'Your user ID'}
        maxLength={20}
        hint="We confirm the account holder before you pay."
        what="Account"
        withAddress={false}
      />
      <VerifyOrAmountStep
        form={form}
        presetsNaira={BETTING_PRESETS_NAIRA}
        fallbackHint="Paid into the betting wallet at once."
        verifyLabel="Verify account"
      />
    </form>
  );
}
