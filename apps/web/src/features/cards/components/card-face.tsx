import type { Card } from '@ajo/contracts/cards';
import { classNames } from '../../../lib/class-names.ts';
import { formatMoneyText } from '../../../lib/money-text.ts';
import { formatCardExpiry, groupCardNumber } from '../utils/card-display.ts';
import { CardBrandMark } from './card-brand-mark.tsx';
import { SnowflakeIcon } from './card-icons.tsx';

/** The chip, drawn so the face reads as a card at a glance. */
function Chip() {
  return (
    <span
      aria-hidden="true"
      className="relative block h-8 w-11 overflow-hidden rounded-md bg-linear-to-br from-sun-200 via-sun-300 to-sun-400 ring-1 ring-black/10"
    >
      <span className="absolute inset-x-0 top-1/2 h-px bg-black/20" />
      <span className="absolute inset-y-0 left-1/3 w-px bg-black/20" />
      <span className="absolute inset-y-0 right-1/3 w-px bg-black/20" />
    </span>
  );
}

/**
 * The virtual card as it would look in a wallet: the network, the number (masked unless the
 * person has just revealed it), the name, the expiry and what it can spend. A frozen card is
 * greyed with a "Frozen" band so nobody mistakes it for one that works.
 */
export function CardFace({ card, revealedNumber }: { card: Card; revealedNumber?: string }) {
  const frozen = card.status === 'frozen';
  const number = revealedNumber ? groupCardNumber(revealedNumber) : card.masked_number;
  return (
    <div
      data-testid="card-face"
      data-status={card.status}
      className={classNames(
        'relative isolate flex aspect-[1.586] w-full max-w-[26rem] flex-col justify-between overflow-hidden rounded-3xl p-5 text-white shadow-xl sm:p-6',
        frozen
          ? 'bg-linear-to-br from-slate-500 via-slate-600 to-slate-800 shadow-slate-900/20'
          : 'bg-linear-to-br from-brand-700 via-brand-900 to-brand-950 shadow-brand-900/25',
      )}
    >
      <span
        aria-hidden="true"
        className="pointer-events-none absolute -top-24 -right-16 -z-10 size-64 rounded-full bg-white/10"
      />
      <span
        aria-hidden="true"
        className="pointer-events-none absolute -bottom-28 -left-10 -z-10 size-56 rounded-full bg-white/5"
      />
      <div className="flex items-start justify-between gap-3">
        <div>
          <p className="text-xs font-medium tracking-wide text-white/70 uppercase">
            Available balance
          </p>
          <p
            className="mt-0.5 text-2xl font-bold tracking-tight tabular-nums sm:text-3xl"
            data-testid="card-available"
          >
            {formatMoneyText(card.available_balance, 'USD')}
          </p>
        </div>
        {frozen ? (
          <span
            className="inline-flex items-center gap-1.5 rounded-full bg-white/90 px-3 py-1 text-xs font-bold text-slate-800"
            data-testid="card-frozen-badge"
          >
            <SnowflakeIcon className="size-3.5" />
            Frozen
          </span>
        ) : (
          <span className="rounded-full bg-white/15 px-3 py-1 text-xs font-semibold">
            USD · Virtual
          </span>
        )}
      </div>
      <div className="flex items-center gap-3 sm:gap-4">
        <Chip />
        <p
          className="font-mono text-base tracking-[0.08em] whitespace-nowrap tabular-nums min-[400px]:text-lg sm:text-xl sm:tracking-[0.12em]"
          data-testid="card-number"
          aria-label={revealedNumber ? 'Card number' : `Card number ending ${card.last4}`}
        >
          {number}
        </p>
      </div>
      <div className="flex items-end justify-between gap-3">
        <div className="min-w-0">
          <p className="text-[0.65rem] font-medium tracking-wide text-white/60 uppercase">
            Card holder
          </p>
          <p className="truncate text-sm font-semibold tracking-wide uppercase">
            {card.name_on_card}
          </p>
        </div>
        <div className="shrink-0">
          <p className="text-[0.65rem] font-medium tracking-wide text-white/60 uppercase">
            Expires
          </p>
          <p className="text-sm font-semibold tabular-nums" data-testid="card-expiry">
            {formatCardExpiry(card.expiry_month, card.expiry_year)}
          </p>
        </div>
        <CardBrandMark brand={card.brand} />
      </div>
    </div>
  );
}
