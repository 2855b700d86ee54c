import { useState } from 'react';
import { Button } from '../../../components/ui/button.tsx';
import { FormErrorBanner } from '../../../components/ui/form-error-banner.tsx';
import { isRetryingRead, LoadFailed } from '../../../components/ui/load-failed.tsx';
import { Spinner } from '../../../components/ui/spinner.tsx';
import { isAmountRefusal } from '../../../lib/use-quoted-amount.ts';
import { moneyTextToMinor } from '../../../lib/money-text.ts';
import { useBillQuote } from '../api/get-bill-quote.ts';
import { useBillers } from '../api/get-billers.ts';
import { useDataPlans } from '../api/get-data-plans.ts';
import { usePhoneRecipient } from '../hooks/use-phone-recipient.ts';
import type { BillFormProps } from './airtime-form.tsx';
import { BillCostSummary } from './bill-cost-summary.tsx';
import { DataPlanList } from './data-plan-list.tsx';
import { PhoneRecipientFields } from './phone-recipient-fields.tsx';
import { RecentRecipients } from './recent-recipients.tsx';

/** A data bundle: a network, a phone number and one of the network's plans at its price. */
export function DataForm({ onContinue }: BillFormProps) {
  const billers = useBillers(2);
  const recipient = usePhoneRecipient(billers.data);
  const plans = useDataPlans(recipient.biller?.id);
  const [planCode, setPlanCode] = useState<string | undefined>(undefined);
  // A plan belongs to its network: another network's list starts with nothing chosen.
  const plan = plans.data?.find((candidate) => candidate.code === planCode);
  const planMinor = plan ? moneyTextToMinor(plan.amount) : null;
  const quote = useBillQuote(2, planMinor);
  const currentQuote =
    plan &&
    quote.data &&
    !quote.isPlaceholderData &&
    moneyTextToMinor(quote.data.amount) === planMinor
      ? quote.data
      : undefined;

  return (
    <form
      noValidate
      aria-label="Buy data"
      className="space-y-6"
      onSubmit={(event) => {
        event.preventDefault();
        recipient.touch();
        const { biller } = recipient;
        if (!recipient.isValid || !biller || !plan || !currentQuote) return;
        onContinue(
          { kind: 'data', biller, phone: recipient.phone, ported: recipient.ported, plan },
          currentQuote,
        );
      }}
    >
      <RecentRecipients
        type={2}
        billers={billers.data}
        onPick={(picked) => {
          recipient.fill(picked.customer_id, picked.biller_id);
        }}
      />
      <PhoneRecipientFields recipient={recipient} billers={billers} />
      <DataPlanList
        plans={plans}
        selectedCode={plan?.code}
        onSelect={(chosen) => {
          setPlanCode(chosen.code);
        }}
      />
      {plan && (quote.isError || isRetryingRead(quote)) ? (
        isAmountRefusal(quote.error) ? (
          <FormErrorBanner message={quote.error?.message} />
        ) : (
          <LoadFailed query={quote} />
        )
      ) : null}
      <BillCostSummary
        quote={plan ? quote.data : undefined}
        isUpdating={plan !== undefined && quote.isFetching}
      />
      <Button
        type="submit"
        size="lg"
        className="w-full"
        disabled={!recipient.isValid || currentQuote === undefined}
      >
        {plan && quote.isFetching ? <Spinner className="size-4" /> : null}
        Continue
      </Button>
    </form>
  );
}
