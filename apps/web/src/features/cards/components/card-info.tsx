import type { Card } from '@ajo/contracts/cards';
import { formatMoney } from '@ajo/money/format';
import { CopyButton } from '../../../components/ui/copy-button.tsx';
import { formatMoneyText } from '../../../lib/money-text.ts';
import { billingAddressText, pendingHoldsMinor } from '../utils/card-display.ts';

/**
 * What a person pastes into a merchant's checkout (billing address, last four) and where the
 * balance stands: what can be spent, and what purchases not yet settled are holding.
 */
export function CardInfo({ card }: { card: Card }) {
  const heldMinor = pendingHoldsMinor(card);
  const address = billingAddressText(card.billing_address);
  return (
    <section
      aria-labelledby="card-info-heading"
      className="rounded-card bg-white p-card shadow-card ring-1 ring-slate-900/5"
    >
      <h2 id="card-info-heading" className="text-base font-semibold text-slate-900">
        Card information
      </h2>
      <dl className="mt-3 divide-y divide-slate-100 text-sm">
        <div className="flex items-center justify-between gap-3 py-3">
          <dt className="text-slate-600">
            Available to spend
            {card.status === 'frozen' ? (
              <span className="block text-xs text-slate-500">Once you unfreeze the card</span>
            ) : null}
          </dt>
          <dd
            className="font-semibold text-slate-900 tabular-nums"
            data-testid="card-info-available"
          >
            {formatMoneyText(card.available_balance, 'USD')}
          </dd>
        </div>
        {heldMinor > 0n ? (
          <div className="flex items-center justify-between gap-3 py-3">
            <dt className="text-slate-600">
              Held for pending purchases
              <span className="block text-xs text-slate-500">
                Released or charged when merchants settle
              </span>
            </dt>
            <dd className="font-semibold text-amber-700 tabular-nums" data-testid="card-info-held">
              {formatMoney(heldMinor, 'USD')}
            </dd>
          </div>
        ) : null}
        <div className="flex items-center justify-between gap-3 py-3">
          <dt className="text-slate-600">Card balance</dt>
          <dd className="font-semibold text-slate-900 tabular-nums" data-testid="card-info-balance">
            {formatMoneyText(card.balance, 'USD')}
          </dd>
        </div>
        <div className="flex flex-wrap items-center justify-between gap-x-3 gap-y-1 py-3">
          <dt className="text-slate-600">Card ends in</dt>
          <dd className="ml-auto flex items-center gap-1">
            <span className="font-mono font-semibold text-slate-900">{card.last4}</span>
            <CopyButton value={card.last4} what="last four digits" />
          </dd>
        </div>
        <div className="py-3">
          <dt className="flex items-center justify-between gap-3 text-slate-600">
            Billing address
            <CopyButton value={address} what="billing address" />
          </dt>
          <dd
            className="mt-1 leading-6 font-medium text-slate-900"
            data-testid="card-billing-address"
          >
            {card.billing_address.line1}
            <br />
            {card.billing_address.city}, {card.billing_address.state}{' '}
            {card.billing_address.postal_code}
            <br />
            {card.billing_address.country}
          </dd>
        </div>
      </dl>
    </section>
  );
}
