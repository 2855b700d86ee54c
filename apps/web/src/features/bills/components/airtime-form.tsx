import { useBillers } from '../api/get-billers.ts';
import { usePhoneRecipient } from '../hooks/use-phone-recipient.ts';
import { useQuotedBillAmount } from '../hooks/use-quoted-bill-amount.ts';
import type { BillPurchase } from '../utils/bill-purchase.ts';
import type { BillQuote } from '../utils/bill-quote.ts';
import { AmountStep } from './amount-step.tsx';
import { PhoneRecipientFields } from './phone-recipient-fields.tsx';
import { RecentRecipients } from './recent-recipients.tsx';

const AIRTIME_PRESETS_NAIRA = [100, 200, 500, 1_000] as const;

export interface BillFormProps {
  /** The form is filled in: ask to confirm this purchase at this quote. */
  onContinue: (purchase: BillPurchase, quote: BillQuote) => void;
}

/** Airtime: a network, a phone number (the person's own to start with) and an amount. */
export function AirtimeForm({ onContinue }: BillFormProps) {
  const billers = useBillers(1);
  const recipient = usePhoneRecipient(billers.data);
  const quoted = useQuotedBillAmount(1);

  return (
    <form
      noValidate
      aria-label="Buy airtime"
      className="space-y-6"
      onSubmit={(event) => {
        event.preventDefault();
        recipient.touch();
        const { biller } = recipient;
        const quote = quoted.currentQuote;
        if (!recipient.isValid || !biller || !quote || quoted.amountMinor === null) return;
        onContinue(
          {
            kind: 'airtime',
            biller,
            phone: recipient.phone,
            ported: recipient.ported,
            amountMinor: quoted.amountMinor,
          },
          quote,
        );
      }}
    >
      <RecentRecipients
        type={1}
        billers={billers.data}
        onPick={(picked) => {
          recipient.fill(picked.customer_id, picked.biller_id);
        }}
      />
      <PhoneRecipientFields recipient={recipient} billers={billers} />
      <AmountStep
        quoted={quoted}
        presetsNaira={AIRTIME_PRESETS_NAIRA}
        ready={recipient.isValid}
        fallbackHint="Sent to the number at once."
      />
    </form>
  );
}
