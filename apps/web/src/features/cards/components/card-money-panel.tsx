import { useState } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { useSearchParams } from 'react-router';
import type { Card, CardQuote, CardQuotePurpose, CardTerms } from '@ajo/contracts/cards';
import { formatMoney } from '@ajo/money/format';
import { Button } from '../../../components/ui/button.tsx';
import { SidePanel } from '../../../components/ui/side-panel.tsx';
import { CheckCircleIcon } from '../../../components/wallet/wallet-icons.tsx';
import { isApiError } from '../../../lib/api-client.ts';
import { formatMoneyText, moneyTextToMinor } from '../../../lib/money-text.ts';
import { useMoveCardMoney } from '../api/move-card-money.ts';
import { cardQuoteQueryKey, type CardMovement } from '../api/quote-card-movement.ts';
import { roomOnCardMinor, type AmountBounds } from '../utils/card-amount.ts';
import { cardPanelIds } from '../utils/card-panels.ts';
import { formatNairaRate } from '../../../lib/quotes.ts';
import { quoteRefusalMessage } from '../utils/card-quote.ts';
import { CardAmountForm } from './card-amount-form.tsx';
import { CardConfirmStep } from './card-confirm-step.tsx';
import { PinNotSetUpFront } from '../../../components/pin/pin-confirm.tsx';
import { attemptKey, settleAttempt } from '../../../lib/money-attempts.ts';

type Step =
  | { kind: 'amount' }
  | { kind: 'confirm'; amountMinor: bigint; idempotencyKey: string; refusal?: string }
  | { kind: 'done'; title: string; body: string };

interface PanelWords {
  title: string;
  confirmTitle: string;
  confirmLabel: string;
  intro: (terms: CardTerms) => string;
  confirmIntro: (amountMinor: bigint) => string;
  done: (quote: CardQuote) => { title: string; body: string };
}

const words: Record<CardQuotePurpose, PanelWords> = {
  create: {
    title: 'Create your dollar card',
    confirmTitle: 'Confirm your new card',
    confirmLabel: 'Create card',
    intro: (terms) =>
      `Choose how many dollars to start with. The ${formatMoneyText(terms.creation_fee, 'USD')} creation fee is added on top, and everything is paid in naira from your wallet at today's rate.`,
    confirmIntro: (amountMinor) =>
      `A virtual USD card with ${formatMoney(amountMinor, 'USD')} on it, paid for in naira from your wallet.`,
    done: (quote) => ({
      title: 'Your card is ready',
      body: `${formatMoneyText(quote.amount, 'USD')} is on your new card. ${formatMoneyText(quote.naira_total)} was paid from your wallet.`,
    }),
  },
  fund: {
    title: 'Fund your card',
    confirmTitle: 'Confirm funding',
    confirmLabel: 'Fund card',
    intro: (terms) =>
      `Dollars are bought with naira from your wallet at today's rate (${formatNairaRate(terms.rate.buy)} per $1).`,
    confirmIntro: (amountMinor) =>
      `${formatMoney(amountMinor, 'USD')} onto your card, paid for in naira from your wallet.`,
    done: (quote) => ({
      title: 'Card funded',
      body: `${formatMoneyText(quote.amount, 'USD')} is on your card. ${formatMoneyText(quote.naira_total)} was paid from your wallet.`,
    }),
  },
  withdraw: {
    title: 'Withdraw to your wallet',
    confirmTitle: 'Confirm withdrawal',
    confirmLabel: 'Withdraw',
    intro: (terms) =>
      `Dollars on the card are sold for naira at today's rate (${formatNairaRate(terms.rate.sell)} per $1) and paid into your wallet.`,
    confirmIntro: (amountMinor) =>
      `${formatMoney(amountMinor, 'USD')} off your card, sold for naira into your wallet.`,
    done: (quote) => ({
      title: 'Withdrawal successful',
      body: `${formatMoneyText(quote.amount, 'USD')} became ${formatMoneyText(quote.naira_total)} in your naira wallet.`,
    }),
  },
};

function boundsOf(
  purpose: CardQuotePurpose,
  terms: CardTerms,
  card: Card | undefined,
): AmountBounds {
  const maximumMinor = moneyTextToMinor(terms.maximum_balance);
  const minimumMinor = moneyTextToMinor(terms.minimum_funding);
  if (purpose === 'create') {
    return {
      minimumMinor,
      maximumMinor,
      aboveMaximum: `A card holds at most ${formatMoney(maximumMinor, 'USD')}`,
    };
  }
  if (purpose === 'fund') {
    const room = roomOnCardMinor(maximumMinor, card ? moneyTextToMinor(card.balance) : 0n);
    return {
      minimumMinor,
      maximumMinor: room,
      aboveMaximum: `Your card can take ${formatMoney(room, 'USD')} more; it holds at most ${formatMoney(maximumMinor, 'USD')}`,
    };
  }
  const available = card ? moneyTextToMinor(card.available_balance) : 0n;
  return {
    minimumMinor: 1n,
    maximumMinor: available,
    aboveMaximum: `Your card has ${formatMoney(available, 'USD')} you can withdraw`,
  };
}

function hintOf(purpose: CardQuotePurpose, terms: CardTerms, card: Card | undefined): string {
  if (purpose === 'withdraw') {
    return `Available on your card: ${card ? formatMoneyText(card.available_balance, 'USD') : '$0.00'}.`;
  }
  const minimum = `Minimum ${formatMoneyText(terms.minimum_funding, 'USD')}`;
  return `${minimum}; a card holds at most ${formatMoneyText(terms.maximum_balance, 'USD')}.`;
}

/** Asks again for the quote of the step on screen, after the server refused the old one. */
function useRefetchQuote() {
  const queryClient = useQueryClient();
  return (movement: CardMovement) => {
    void queryClient.refetchQueries({ queryKey: cardQuoteQueryKey(movement), exact: true });
  };
}

function DoneStep({ title, body, onClose }: { title: string; body: string; onClose: () => void }) {
  return (
    <div className="flex flex-col items-center py-6 text-center" data-testid="card-panel-done">
      <span className="flex size-16 items-center justify-center rounded-full bg-accent-50 text-accent-600">
        <CheckCircleIcon className="size-9" />
      </span>
      <h3 className="mt-5 text-xl font-bold text-slate-900">{title}</h3>
      <p className="mt-2 max-w-sm text-sm leading-6 text-slate-600">{body}</p>
      <Button size="lg" className="mt-8 w-full" onClick={onClose} data-autofocus>
        Done
      </Button>
    </div>
  );
}

/**
 * The create, fund or withdraw panel (`?a=create-card`, `fund-card`, `withdraw-card`): the amount,
 * then the server's quote with its fee, rate and naira total held for a minute, then Confirm.
 * Each confirmation carries its own idempotency key, renewed when the server refuses a quote.
 */
export function CardMoneyPanel({
  purpose,
  terms,
  card,
}: {
  purpose: CardQuotePurpose;
  terms: CardTerms | undefined;
  card?: Card | undefined;
}) {
  const [searchParams] = useSearchParams();
  const open = searchParams.get('a') === cardPanelIds[purpose];
  const move = useMoveCardMoney();
  const [step, setStep] = useState<Step>({ kind: 'amount' });
  const [amountText, setAmountText] = useState('');
  const [wasOpen, setWasOpen] = useState(open);
  if (open !== wasOpen) {
    setWasOpen(open);
    if (!open) {
      setStep({ kind: 'amount' });
      setAmountText('');
      move.reset();
    }
  }
  const movement: CardMovement | undefined =
    step.kind === 'confirm'
      ? { purpose, amountMinor: step.amountMinor, cardId: card?.id }
      : undefined;
  const refetchQuote = useRefetchQuote();
  const text = words[purpose];

  const confirm = (
    current: Extract<Step, { kind: 'confirm' }>,
    quote: CardQuote,
    pin: string,
    onPinError: (error: unknown) => void,
  ) => {
    if (!movement) return;
    move.mutate(
      { movement, quoteId: quote.id, idempotencyKey: current.idempotencyKey, pin },
      {
        onSuccess: () => {
          settleAttempt(`card-${purpose}`, current.idempotencyKey);
          setAmountText('');
          setStep({ kind: 'done', ...text.done(quote) });
        },
        onError: (error) => {
          settleAttempt(`card-${purpose}`, current.idempotencyKey, error);
          onPinError(error);
          const refusal = isApiError(error) ? quoteRefusalMessage(error.errors) : undefined;
          if (refusal === undefined) return;
          move.reset();
          setStep({ ...current, refusal, idempotencyKey: attemptKey(`card-${purpose}`) });
          refetchQuote(movement);
        },
      },
    );
  };

  const title =
    step.kind === 'confirm' ? text.confirmTitle : step.kind === 'done' ? step.title : text.title;

  return (
    <SidePanel
      panelId={cardPanelIds[purpose]}
      title={title}
      closeLabel={`Close ${text.title.toLowerCase()}`}
      keepOpen={move.isPending}
    >
      {(close) => (
        <div className="px-5 py-5">
          {!terms ? null : step.kind === 'amount' ? (
            <>
              <PinNotSetUpFront className="mb-5" />
              <CardAmountForm
                label={text.title}
                intro={text.intro(terms)}
                amountText={amountText}
                bounds={boundsOf(purpose, terms, card)}
                hint={hintOf(purpose, terms, card)}
                submitLabel="See the quote"
                onAmountChange={setAmountText}
                onContinue={(amountMinor) => {
                  move.reset();
                  setStep({
                    kind: 'confirm',
                    amountMinor,
                    idempotencyKey: attemptKey(`card-${purpose}`),
                  });
                }}
                onBack={close}
              />
            </>
          ) : step.kind === 'confirm' && movement ? (
            <CardConfirmStep
              movement={movement}
              intro={text.confirmIntro(step.amountMinor)}
              confirmLabel={text.confirmLabel}
              refusal={step.refusal}
              failure={move.error}
              isSubmitting={move.isPending}
              onConfirm={(quote, pin, onPinError) => {
                confirm(step, quote, pin, onPinError);
              }}
              onBack={() => {
                move.reset();
                setStep({ kind: 'amount' });
              }}
              walletDebit={
                purpose === 'withdraw'
                  ? undefined
                  : { label: 'Paid from', amountOf: (quote) => moneyTextToMinor(quote.naira_total) }
              }
            />
          ) : step.kind === 'done' ? (
            <DoneStep title={step.title} body={step.body} onClose={close} />
          ) : null}
        </div>
      )}
    </SidePanel>
  );
}
