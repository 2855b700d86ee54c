import { useCallback, useEffect, useState } from 'react';
import { useSearchParams } from 'react-router';
import type { Commodity, CommodityTrade, TradeSide } from '@ajo/contracts/commodities';
import { Button } from '../../../components/ui/button.tsx';
import { SidePanel } from '../../../components/ui/side-panel.tsx';
import { CheckCircleIcon } from '../../../components/wallet/wallet-icons.tsx';
import { isApiError } from '../../../lib/api-client.ts';
import { formatMoneyText } from '../../../lib/money-text.ts';
import { useCommodities } from '../api/get-commodities.ts';
import { useCommodityHoldings } from '../api/get-commodity-holdings.ts';
import { useReplaceTradeQuote, type TradeOrder } from '../api/quote-commodity-trade.ts';
import { useTradeCommodity } from '../api/trade-commodity.ts';
import { TRADE_PANEL_ID, TRADE_PANEL_PARAMS } from '../utils/trade-location.ts';
import { readableUnits, tradeQuoteRefusalOf } from '../utils/trade-quote.ts';
import { TradeConfirmStep } from './trade-confirm-step.tsx';
import { emptyTradeDraft, TradeFormStep, type TradeDraft } from './trade-form-step.tsx';
import { PinNotSetUpFront } from '../../../components/pin/pin-confirm.tsx';
import { attemptKey, settleAttempt } from '../../../lib/money-attempts.ts';

type Step =
  /** `problem`: the server's refusal to price the details, shown on the field. */
  | { kind: 'form'; problem?: string }
  /** Each confirmation carries its own idempotency key, renewed when the server refuses a quote. */
  | { kind: 'confirm'; order: TradeOrder; idempotencyKey: string; refusal?: string }
  | { kind: 'done'; trade: CommodityTrade };

function DoneStep({
  trade,
  commodity,
  onClose,
}: {
  trade: CommodityTrade;
  commodity: Commodity;
  onClose: () => void;
}) {
  const buying = trade.side === 'buy';
  return (
    <div className="flex flex-col items-center text-center" data-testid="trade-done">
      <span className="flex size-14 items-center justify-center rounded-full bg-emerald-50 text-emerald-600">
        <CheckCircleIcon className="size-8" />
      </span>
      <h3 className="mt-4 text-lg font-semibold text-slate-900">
        {buying ? 'Purchase successful' : 'Sale successful'}
      </h3>
      <p className="mt-2 text-sm leading-6 text-slate-600">
        {buying ? 'You bought' : 'You sold'} {readableUnits(trade.units)} × {commodity.unit} of{' '}
        {commodity.name} at {formatMoneyText(trade.price)} per unit.{' '}
        {buying
          ? `${formatMoneyText(trade.total)} left your wallet, fee of ${formatMoneyText(trade.fee)} included.`
          : `${formatMoneyText(trade.total)} reached your wallet after a fee of ${formatMoneyText(trade.fee)}.`}
      </p>
      <p className="mt-2 text-sm font-medium text-slate-900">
        You now hold {readableUnits(trade.holding_units)} × {commodity.unit}.
      </p>
      <Button size="lg" className="mt-6 w-full" onClick={onClose}>
        Done
      </Button>
    </div>
  );
}

/**
 * The buy/sell panel (`?a=trade&commodity=<id>&side=buy|sell`): how much → the quote with its fee,
 * total and countdown → confirm → done. An expired or used quote comes back as a new one to
 * confirm again.
 */
export function TradePanel() {
  const [searchParams] = useSearchParams();
  const open = searchParams.get('a') === TRADE_PANEL_ID;
  const commodityId = searchParams.get('commodity') ?? '';
  const side: TradeSide = searchParams.get('side') === 'sell' ? 'sell' : 'buy';
  const catalogue = useCommodities();
  const holdings = useCommodityHoldings();
  const trade = useTradeCommodity();
  const replaceQuote = useReplaceTradeQuote();
  const [step, setStep] = useState<Step>({ kind: 'form' });
  const [draft, setDraft] = useState<TradeDraft>(emptyTradeDraft);
  const panelKey = `${String(open)}:${commodityId}:${side}`;
  const [shownKey, setShownKey] = useState(panelKey);
  if (panelKey !== shownKey) {
    setShownKey(panelKey);
    setStep({ kind: 'form' });
    setDraft(emptyTradeDraft);
  }
  const resetTrade = trade.reset;
  useEffect(() => {
    resetTrade();
  }, [step.kind, resetTrade]);

  const detailsRefused = useCallback((problem: string) => {
    setStep({ kind: 'form', problem });
  }, []);

  const commodity = catalogue.data?.items.find((item) => item.id === commodityId);
  const held = holdings.data?.items.find((item) => item.commodity.id === commodityId)?.units;
  const verb = side === 'buy' ? 'Buy' : 'Sell';

  const confirm = (
    current: Extract<Step, { kind: 'confirm' }>,
    quoteId: string,
    pin: string,
    onPinError: (error: unknown) => void,
  ) => {
    trade.mutate(
      { order: current.order, quoteId, idempotencyKey: current.idempotencyKey, pin },
      {
        onSuccess: (done) => {
          settleAttempt('trade', current.idempotencyKey);
          setDraft(emptyTradeDraft);
          setStep({ kind: 'done', trade: done });
        },
        onError: (error) => {
          settleAttempt('trade', current.idempotencyKey, error);
          onPinError(error);
          if (!isApiError(error) || error.status !== 409) return;
          const refusal = tradeQuoteRefusalOf(error.errors);
          if (!refusal) return;
          replaceQuote(current.order, refusal.quote);
          setStep({ ...current, refusal: refusal.message, idempotencyKey: attemptKey('trade') });
        },
      },
    );
  };

  return (
    <SidePanel
      panelId={TRADE_PANEL_ID}
      title={commodity ? `${verb} ${commodity.name}` : `${verb} a commodity`}
      closeLabel="Close the trade panel"
      clearsParams={TRADE_PANEL_PARAMS}
      keepOpen={trade.isPending}
    >
      {(close) => (
        <div className="p-5">
          {!commodity ? (
            catalogue.isPending ? (
              <div aria-hidden="true" className="h-40 animate-pulse rounded-2xl bg-slate-100" />
            ) : (
              <p className="text-sm text-slate-600">This commodity is not in the catalogue.</p>
            )
          ) : step.kind === 'form' ? (
            <>
              <PinNotSetUpFront className="mb-5" />
              <TradeFormStep
                commodity={commodity}
                side={side}
                heldUnits={held}
                initialProblem={step.problem}
                draft={draft}
                onDraftChange={setDraft}
                onContinue={(order) => {
                  setStep({ kind: 'confirm', order, idempotencyKey: attemptKey('trade') });
                }}
              />
            </>
          ) : step.kind === 'confirm' ? (
            <TradeConfirmStep
              order={step.order}
              commodity={commodity}
              refusal={step.refusal}
              failure={trade.error}
              isSubmitting={trade.isPending}
              onConfirm={(quote, pin, onPinError) => {
                confirm(step, quote.id, pin, onPinError);
              }}
              onBack={() => {
                setStep({ kind: 'form' });
              }}
              onDetailsRefused={detailsRefused}
            />
          ) : (
            <DoneStep trade={step.trade} commodity={commodity} onClose={close} />
          )}
        </div>
      )}
    </SidePanel>
  );
}
