import { Button } from '../../../components/ui/button.tsx';
import { LoadFailed } from '../../../components/ui/load-failed.tsx';
import { Spinner } from '../../../components/ui/spinner.tsx';
import { AmountInput } from '../../../components/wallet/amount-input.tsx';
import type { useQuotedBillAmount } from '../hooks/use-quoted-bill-amount.ts';
import { limitsHint } from '../../../lib/use-quoted-amount.ts';
import { AmountPresets } from './amount-presets.tsx';
import { BillCostSummary } from './bill-cost-summary.tsx';

/**
 * The end of a bill form that takes an amount: the box with quick amounts, the fee and total
 * from the server, and Continue. Continue submits the form; it is only enabled once the quote is
 * for exactly the amount in the box and `ready` (the rest of the form is filled in). Only a
 * refusal of the amount shows at the box; a quote that could not be read is no fault of the
 * amount, so it shows above the total with Try again.
 */
export function AmountStep({
  quoted,
  presetsNaira,
  ready,
  fallbackHint,
}: {
  quoted: ReturnType<typeof useQuotedBillAmount>;
  presetsNaira: readonly number[];
  ready: boolean;
  fallbackHint: string;
}) {
  return (
    <>
      <div className="space-y-3">
        <AmountInput
          label="Amount"
          placeholder="0.00"
          value={quoted.amountText}
          onValueChange={quoted.setAmountText}
          error={quoted.amountError}
          hint={limitsHint(quoted.latestQuote, fallbackHint, 'payment')}
        />
        <AmountPresets
          amountsNaira={presetsNaira}
          current={quoted.amountText}
          onPick={quoted.setAmountText}
        />
      </div>
      {quoted.quoteRead.error ? <LoadFailed query={quoted.quoteRead} /> : null}
      <BillCostSummary quote={quoted.shownQuote} isUpdating={quoted.isUpdating} />
      <Button
        type="submit"
        size="lg"
        className="w-full"
        disabled={!ready || quoted.currentQuote === undefined}
      >
        {quoted.isUpdating ? <Spinner className="size-4" /> : null}
        Continue
      </Button>
    </>
  );
}
