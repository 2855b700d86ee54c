import { useState, type SyntheticEvent } from 'react';
import {
  parseUnits,
  formatUnits,
  type Commodity,
  type TradeSide,
} from '@ajo/contracts/commodities';
import { currencyInputToMinor } from '@ajo/money/currency-input';
import { Button } from '../../../components/ui/button.tsx';
import { TextField } from '../../../components/ui/text-field.tsx';
import { AmountInput } from '../../../components/wallet/amount-input.tsx';
import { classNames } from '../../../lib/class-names.ts';
import { formatMoneyText } from '../../../lib/money-text.ts';
import { useWallets } from '../../../lib/wallet-queries.ts';
import type { TradeOrder } from '../api/quote-commodity-trade.ts';
import { readableUnits } from '../utils/trade-quote.ts';

export interface TradeDraft {
  by: 'amount' | 'units';
  amountText: string;
  unitsText: string;
}

export const emptyTradeDraft: TradeDraft = { by: 'amount', amountText: '', unitsText: '' };

/** The draft as an order the server can quote, or the sentence saying what to fix. */
function orderOf(
  draft: TradeDraft,
  commodity: Commodity,
  side: TradeSide,
): TradeOrder | { problem: string } {
  if (draft.by === 'amount') {
    const minor = currencyInputToMinor(draft.amountText);
    if (minor === null || minor <= 0n) return { problem: 'Enter an amount in naira' };
    return { commodityId: commodity.id, side, by: 'amount', value: draft.amountText };
  }
  const units = parseUnits(draft.unitsText);
  if (units === null) return { problem: 'Enter units as a number with at most 4 decimals' };
  if (units === 0n) return { problem: 'Enter more than 0 units' };
  return { commodityId: commodity.id, side, by: 'units', value: formatUnits(units) };
}

function ModePicker({
  value,
  onChange,
}: {
  value: TradeDraft['by'];
  onChange: (by: TradeDraft['by']) => void;
}) {
  const modes = [
    { by: 'amount', label: 'Naira amount' },
    { by: 'units', label: 'Units' },
  ] as const;
  return (
    <div
      role="group"
      aria-label="Trade by"
      className="grid grid-cols-2 rounded-xl bg-slate-100 p-1"
    >
      {modes.map((mode) => (
        <button
          key={mode.by}
          type="button"
          aria-pressed={value === mode.by}
          onClick={() => {
            onChange(mode.by);
          }}
          className={classNames(
            'rounded-lg px-3 py-2 text-sm font-semibold transition-colors',
            value === mode.by
              ? 'bg-white text-brand-800 shadow-sm'
              : 'text-slate-600 hover:text-slate-900',
          )}
        >
          {mode.label}
        </button>
      ))}
    </div>
  );
}

/**
 * Step 1 of a trade: how much, in naira or in units, with the price per unit and (to buy) the
 * wallet's balance or (to sell) the units held beside it.
 */
export function TradeFormStep({
  commodity,
  side,
  heldUnits,
  initialProblem,
  draft,
  onDraftChange,
  onContinue,
}: {
  commodity: Commodity;
  side: TradeSide;
  /** The units held (4-decimal text), for selling. */
  heldUnits: string | undefined;
  /** Why the server would not price the details last time (below the minimum, above a limit). */
  initialProblem?: string | undefined;
  draft: TradeDraft;
  onDraftChange: (draft: TradeDraft) => void;
  onContinue: (order: TradeOrder) => void;
}) {
  const wallets = useWallets();
  const [problem, setProblem] = useState<string | undefined>(initialProblem);
  const price = side === 'buy' ? commodity.buy_price : commodity.sell_price;
  const held = heldUnits ?? '0.0000';

  const submit = (event: SyntheticEvent) => {
    event.preventDefault();
    const order = orderOf(draft, commodity, side);
    if ('problem' in order) setProblem(order.problem);
    else onContinue(order);
  };

  return (
    <form noValidate onSubmit={submit} className="space-y-5">
      <div className="rounded-2xl bg-brand-50 p-4 text-sm text-brand-900">
        <p className="font-semibold">{commodity.name}</p>
        <p className="mt-1 text-brand-800">
          {side === 'buy' ? 'You pay' : 'You get'}{' '}
          <strong className="tabular-nums" data-testid="trade-price">
            {formatMoneyText(price)}
          </strong>{' '}
          per {commodity.unit} today.
        </p>
        {side === 'sell' ? (
          <p className="mt-1 text-brand-800" data-testid="trade-held">
            You hold {readableUnits(held)} × {commodity.unit}.
          </p>
        ) : null}
      </div>
      <ModePicker
        value={draft.by}
        onChange={(by) => {
          setProblem(undefined);
          onDraftChange({ ...draft, by });
        }}
      />
      {draft.by === 'amount' ? (
        <AmountInput
          label={side === 'buy' ? 'How much do you want to buy?' : 'How much do you want to sell?'}
          value={draft.amountText}
          onValueChange={(amountText) => {
            setProblem(undefined);
            onDraftChange({ ...draft, amountText });
          }}
          error={problem}
          hint={
            side === 'buy'
              ? `Wallet balance: ${formatMoneyText(wallets.data?.naira?.available_amount ?? '0.00')}. The fee is added on top and shown before you confirm.`
              : 'The fee, taken from what you get, is shown before you confirm.'
          }
          autoFocus
        />
      ) : (
        <TextField
          label={`How many units (${commodity.unit})?`}
          inputMode="decimal"
          autoComplete="off"
          value={draft.unitsText}
          onChange={(event) => {
            setProblem(undefined);
            onDraftChange({ ...draft, unitsText: event.target.value.trim() });
          }}
          error={problem}
          hint="Up to 4 decimals, for example 0.5 or 2.25."
          autoFocus
        />
      )}
      {side === 'sell' && held !== '0.0000' ? (
        <Button
          variant="ghost"
          size="sm"
          onClick={() => {
            setProblem(undefined);
            onDraftChange({ ...draft, by: 'units', unitsText: readableUnits(held) });
          }}
        >
          Sell all {readableUnits(held)} units
        </Button>
      ) : null}
      <Button type="submit" size="lg" className="w-full">
        See the price
      </Button>
    </form>
  );
}
