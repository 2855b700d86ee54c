import { useRef, useState } from 'react';
import type { FixedIncomeProduct } from '@ajo/contracts/fixed-income';
import { currencyInputToMinor } from '@ajo/money/currency-input';
import { formatMoney } from '@ajo/money/format';
import { SummaryRows } from '../../../components/investment/summary-rows.tsx';
import { WalletFunding } from '../../../components/wallet/wallet-funding.tsx';
import { Button } from '../../../components/ui/button.tsx';
import { AmountInput } from '../../../components/wallet/amount-input.tsx';
import { formatMoneyText, moneyTextToMinor } from '../../../lib/money-text.ts';
import { formatBusinessDate } from '../../../lib/dates.ts';
import type { OrderEstimate } from '../utils/order-estimate.ts';

/** What is wrong with the amount, in the words the server would use; undefined when fine. */
export function amountProblem(product: FixedIncomeProduct, amountText: string) {
  const amountMinor = currencyInputToMinor(amountText);
  if (amountText.trim() === '') return 'Enter an amount';
  if (amountMinor === null || amountMinor <= 0n) return 'Enter a valid amount';
  if (amountMinor < moneyTextToMinor(product.minimum)) {
    return `The smallest order for ${product.name} is ${formatMoneyText(product.minimum)}`;
  }
  if (amountMinor > moneyTextToMinor(product.maximum)) {
    return `One order for ${product.name} takes at most ${formatMoneyText(product.maximum)}`;
  }
  return undefined;
}

/** The expected returns of an amount, before the person confirms. */
export function EstimateSummary({
  product,
  estimate,
}: {
  product: FixedIncomeProduct;
  estimate: OrderEstimate;
}) {
  const naira = (minor: bigint) => formatMoney(minor, 'NGN');
  const semiAnnual = product.coupon_schedule === 'semi_annual';
  return (
    <div aria-live="polite" data-testid="fixed-income-estimate">
      <SummaryRows
        title="Expected returns"
        note="If bought today"
        rows={[
          {
            label: semiAnnual
              ? `Each coupon (${String(estimate.payments)} in all)`
              : `Interest at ${String(product.rate)}% p.a.`,
            value: naira(estimate.grossPerPaymentMinor),
            testId: 'estimate-gross',
          },
          ...(product.withholding_tax
            ? [
                {
                  label: 'Withholding tax (10%)',
                  value: `\u2212${naira(estimate.taxPerPaymentMinor)}`,
                  deduction: true,
                  testId: 'estimate-tax',
                },
              ]
            : []),
          {
            label: semiAnnual ? 'Net interest in all' : 'Net interest',
            value: naira(estimate.netTotalMinor),
            testId: 'estimate-net',
          },
          ...(semiAnnual
            ? [{ label: 'First coupon', value: formatBusinessDate(estimate.firstPaymentDate) }]
            : []),
          {
            label: 'Maturity date',
            value: formatBusinessDate(estimate.maturityDate),
            testId: 'estimate-maturity',
          },
          {
            label: 'You receive in all',
            value: naira(estimate.totalMinor),
            emphasis: true,
            testId: 'estimate-total',
          },
        ]}
      />
    </div>
  );
}

/** Step 1: the amount, checked as typed against the product's minimum and maximum. */
export function BuyAmountStep({
  product,
  amountText,
  estimate,
  onAmountChange,
  onContinue,
}: {
  product: FixedIncomeProduct;
  amountText: string;
  estimate: OrderEstimate | undefined;
  onAmountChange: (amountText: string) => void;
  onContinue: () => void;
}) {
  const formRef = useRef<HTMLFormElement>(null);
  const [submitted, setSubmitted] = useState(false);
  const problem = amountProblem(product, amountText);
  const shownProblem = submitted || amountText !== '' ? problem : undefined;
  return (
    <form
      ref={formRef}
      noValidate
      aria-label={`Buy ${product.name}`}
      className="space-y-5"
      onSubmit={(event) => {
        event.preventDefault();
        setSubmitted(true);
        if (problem === undefined) {
          onContinue();
          return;
        }
        formRef.current?.querySelector<HTMLInputElement>('input')?.focus();
      }}
    >
      <div className="rounded-2xl bg-brand-50 px-4 py-3 text-sm text-brand-900">
        <p className="font-semibold">{product.name}</p>
        <p className="mt-0.5">
          {String(product.rate)}% p.a. · {product.tenor_label} ·{' '}
          {product.coupon_schedule === 'semi_annual' ? 'coupon every 6 months' : 'paid at maturity'}
        </p>
      </div>
      <AmountInput
        label="Amount to invest"
        placeholder="0.00"
        value={amountText}
        onValueChange={onAmountChange}
        error={shownProblem}
        hint={`Minimum ${formatMoneyText(product.minimum)}. Type 100k for ₦100,000.`}
      />
      <WalletFunding amountMinor={currencyInputToMinor(amountText)} />
      {estimate && problem === undefined ? (
        <EstimateSummary product={product} estimate={estimate} />
      ) : null}
      <p className="text-xs leading-5 text-slate-500">
        No fees. Your money is held until maturity.
      </p>
      <Button type="submit" size="lg" className="w-full">
        Continue
      </Button>
    </form>
  );
}
