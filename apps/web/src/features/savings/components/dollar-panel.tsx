import { useEffect, useState } from 'react';
import { useSearchParams } from 'react-router';
import type { FxQuote } from '@ajo/contracts/dollar';
import type { SavingsDuration } from '@ajo/contracts/savings';
import { formatMoney } from '@ajo/money/format';
import { isRetryingRead, LoadFailed } from '../../../components/ui/load-failed.tsx';
import { SidePanel } from '../../../components/ui/side-panel.tsx';
import { isApiError } from '../../../lib/api-client.ts';
import { formatMoneyText, moneyTextToMinor } from '../../../lib/money-text.ts';
import { useWallets } from '../../../lib/wallet-queries.ts';
import { useInvestDollars } from '../api/dollar-invest.ts';
import { useReplaceDollarQuote, type DollarQuoteKind } from '../api/dollar-quote.ts';
import { useWithdrawDollars } from '../api/dollar-withdraw.ts';
import { useSavingsProduct } from '../api/get-savings-products.ts';
import { quoteRefusalOf } from '../utils/dollar-quote.ts';
import { DOLLAR_PANEL_ID } from '../utils/dollar-location.ts';
import { DollarConfirmStep } from './dollar-confirm-step.tsx';
import { DollarInvestForm, type DollarInvestDraft } from './dollar-invest-form.tsx';
import { DollarSummaryStep, type DollarNotice } from './dollar-summary-step.tsx';
import { DollarWithdrawForm } from './dollar-withdraw-form.tsx';
import { PinNotSetUpFront } from '../../../components/pin/pin-confirm.tsx';
import { attemptKey, settleAttempt } from '../../../lib/money-attempts.ts';

/** Each confirmation carries its own idempotency key, renewed when the server refuses a quote. */
interface Confirmation {
  amountMinor: bigint;
  idempotencyKey: string;
  refusal?: string;
}

type Step =
  | { kind: 'summary' }
  | { kind: 'invest' }
  | ({ kind: 'confirm-invest'; duration: SavingsDuration } & Confirmation)
  | { kind: 'withdraw' }
  | ({ kind: 'confirm-withdraw' } & Confirmation);

const titles: Record<Step['kind'], string> = {
  summary: 'Dollar Investment',
  invest: 'Invest in dollars',
  'confirm-invest': 'Confirm your investment',
  withdraw: 'Make a Withdrawal',
  'confirm-withdraw': 'Confirm your withdrawal',
};

const emptyDraft: DollarInvestDraft = { amountText: '', durationId: '' };

/**
 * A refusal that carries a new quote (409): show that quote in place of the old one, with the
 * server's sentence, to be confirmed with a new idempotency key. Answers that sentence, or
 * undefined for any other failure.
 */
function useQuoteRefusalHandler() {
  const replaceQuote = useReplaceDollarQuote();
  return (kind: DollarQuoteKind, amountMinor: bigint, error: unknown): string | undefined => {
    if (!isApiError(error) || error.status !== 409) return undefined;
    const refusal = quoteRefusalOf(error.errors);
    if (!refusal) return undefined;
    replaceQuote(kind, amountMinor, refusal.quote);
    return refusal.message;
  };
}

/**
 * The Top Up panel of the Dollar Investments page (`?a=dollar`): the summary (step 0), the
 * invest form (step 1) and its quote, and Make a Withdrawal with its sell quote.
 */
export function DollarPanel() {
  const [searchParams] = useSearchParams();
  const open = searchParams.get('a') === DOLLAR_PANEL_ID;
  const dollar = useSavingsProduct('dollar');
  const wallets = useWallets();
  const invest = useInvestDollars();
  const withdraw = useWithdrawDollars();
  const onRefusal = useQuoteRefusalHandler();
  const [step, setStep] = useState<Step>({ kind: 'summary' });
  const [draft, setDraft] = useState<DollarInvestDraft>(emptyDraft);
  const [withdrawText, setWithdrawText] = useState('');
  const [notice, setNotice] = useState<DollarNotice | undefined>();
  const [wasOpen, setWasOpen] = useState(open);
  if (open !== wasOpen) {
    setWasOpen(open);
    if (!open) {
      setStep({ kind: 'summary' });
      setDraft(emptyDraft);
      setWithdrawText('');
      setNotice(undefined);
    }
  }
  const resetInvest = invest.reset;
  const resetWithdraw = withdraw.reset;
  useEffect(() => {
    resetInvest();
    resetWithdraw();
  }, [step.kind, resetInvest, resetWithdraw]);

  const toSummary = (next?: DollarNotice) => {
    setNotice(next);
    setStep({ kind: 'summary' });
  };

  const confirmInvest = (
    current: Extract<Step, { kind: 'confirm-invest' }>,
    quote: FxQuote,
    pin: string,
    onPinError: (error: unknown) => void,
  ) => {
    invest.mutate(
      {
        amountMinor: current.amountMinor,
        durationId: current.duration.id,
        quoteId: quote.id,
        idempotencyKey: current.idempotencyKey,
        pin,
      },
      {
        onSuccess: (record) => {
          settleAttempt('dollar-invest', current.idempotencyKey);
          setDraft(emptyDraft);
          toSummary({
            title: 'Operation was successful',
            body: `${formatMoneyText(record.amount, 'USD')} is invested for ${record.saving_order.meta.duration} at ${String(record.saving_order.meta.percentage_yield)}% per annum.`,
          });
        },
        onError: (error) => {
          settleAttempt('dollar-invest', current.idempotencyKey, error);
          onPinError(error);
          const refusal = onRefusal('invest', current.amountMinor, error);
          if (refusal) {
            setStep({ ...current, refusal, idempotencyKey: attemptKey('dollar-invest') });
          }
        },
      },
    );
  };

  const confirmWithdraw = (
    current: Extract<Step, { kind: 'confirm-withdraw' }>,
    quote: FxQuote,
    pin: string,
    onPinError: (error: unknown) => void,
  ) => {
    withdraw.mutate(
      {
        amountMinor: current.amountMinor,
        quoteId: quote.id,
        idempotencyKey: current.idempotencyKey,
        pin,
      },
      {
        onSuccess: (done) => {
          settleAttempt('dollar-withdraw', current.idempotencyKey);
          setWithdrawText('');
          toSummary({
            title: 'Withdrawal successful',
            body: `${formatMoneyText(done.quote.amount, 'USD')} became ${formatMoneyText(done.quote.total)} in your naira wallet.`,
          });
        },
        onError: (error) => {
          settleAttempt('dollar-withdraw', current.idempotencyKey, error);
          onPinError(error);
          const refusal = onRefusal('withdraw', current.amountMinor, error);
          if (refusal) {
            setStep({ ...current, refusal, idempotencyKey: attemptKey('dollar-withdraw') });
          }
        },
      },
    );
  };

  const body = () => {
    switch (step.kind) {
      case 'summary':
        return (
          <DollarSummaryStep
            notice={notice}
            onInvest={() => {
              setStep({ kind: 'invest' });
            }}
            onWithdraw={() => {
              setStep({ kind: 'withdraw' });
            }}
          />
        );
      case 'invest':
        return (
          <>
            <PinNotSetUpFront className="mb-5" />
            {/* Without the product there are no durations to choose from: say why, with Try again. */}
            {dollar.isError || isRetryingRead(dollar) ? (
              <div className="mb-5">
                <LoadFailed query={dollar} />
              </div>
            ) : null}
            <DollarInvestForm
              draft={draft}
              durations={dollar.product?.meta.durations ?? []}
              minimumMinor={dollar.product ? moneyTextToMinor(dollar.product.minimum) : 5_000n}
              onDraftChange={setDraft}
              onBack={() => {
                toSummary();
              }}
              onContinue={(amountMinor, duration) => {
                setStep({
                  kind: 'confirm-invest',
                  amountMinor,
                  duration,
                  idempotencyKey: attemptKey('dollar-invest'),
                });
              }}
            />
          </>
        );
      case 'confirm-invest':
        return (
          <DollarConfirmStep
            kind="invest"
            amountMinor={step.amountMinor}
            labels={{
              amount: 'You invest',
              nairaAmount: 'Naira cost',
              total: 'Total from your wallet',
            }}
            intro={`${formatMoney(step.amountMinor, 'USD')} for ${step.duration.label} at ${String(step.duration.rate)}% per annum, bought with naira from your wallet.`}
            confirmLabel="Confirm and invest"
            refusal={step.refusal}
            failure={invest.error}
            isSubmitting={invest.isPending}
            onConfirm={(quote, pin, onPinError) => {
              confirmInvest(step, quote, pin, onPinError);
            }}
            onBack={() => {
              setStep({ kind: 'invest' });
            }}
            walletDebit={{
              label: 'Funding source',
              amountOf: (quote) => moneyTextToMinor(quote.total),
            }}
          />
        );
      case 'withdraw':
        return (
          <>
            <PinNotSetUpFront className="mb-5" />
            <DollarWithdrawForm
              amountText={withdrawText}
              availableMinor={moneyTextToMinor(wallets.data?.dollar?.available_amount ?? '0.00')}
              onAmountChange={setWithdrawText}
              onBack={() => {
                toSummary();
              }}
              onContinue={(amountMinor) => {
                setStep({
                  kind: 'confirm-withdraw',
                  amountMinor,
                  idempotencyKey: attemptKey('dollar-withdraw'),
                });
              }}
            />
          </>
        );
      case 'confirm-withdraw':
        return (
          <DollarConfirmStep
            kind="withdraw"
            amountMinor={step.amountMinor}
            labels={{
              amount: 'You withdraw',
              nairaAmount: 'Naira value',
              total: 'To your naira wallet',
            }}
            intro={`${formatMoney(step.amountMinor, 'USD')} from your dollar wallet, sold for naira at today's sell rate.`}
            confirmLabel="Confirm withdrawal"
            refusal={step.refusal}
            failure={withdraw.error}
            isSubmitting={withdraw.isPending}
            onConfirm={(quote, pin, onPinError) => {
              confirmWithdraw(step, quote, pin, onPinError);
            }}
            onBack={() => {
              setStep({ kind: 'withdraw' });
            }}
          />
        );
    }
  };

  return (
    <SidePanel
      panelId={DOLLAR_PANEL_ID}
      title={titles[step.kind]}
      closeLabel="Close dollar investment"
      keepOpen={invest.isPending || withdraw.isPending}
    >
      {() => <div className="px-5 py-5">{body()}</div>}
    </SidePanel>
  );
}
