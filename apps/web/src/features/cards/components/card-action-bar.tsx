import type { ReactNode } from 'react';
import { Link, useLocation } from 'react-router';
import type { Card } from '@ajo/contracts/cards';
import { classNames } from '../../../lib/class-names.ts';
import { cardPanelSearch } from '../utils/card-panels.ts';
import { ArrowIntoIcon, ArrowOutIcon, EyeIcon, SnowflakeIcon } from './card-icons.tsx';

const actionClassName =
  'group flex flex-col items-center gap-2 rounded-2xl px-1 py-2 text-xs font-semibold text-slate-700 hover:bg-slate-100 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-brand-600 aria-disabled:pointer-events-none aria-disabled:opacity-50 disabled:pointer-events-none disabled:opacity-50 sm:text-sm';

function ActionGlyph({
  children,
  tone = 'brand',
}: {
  children: ReactNode;
  tone?: 'brand' | 'ice';
}) {
  return (
    <span
      className={classNames(
        'flex size-12 items-center justify-center rounded-2xl transition-colors',
        tone === 'ice'
          ? 'bg-sky-100 text-sky-700 group-hover:bg-sky-200'
          : 'bg-brand-50 text-brand-700 group-hover:bg-brand-100',
      )}
    >
      {children}
    </span>
  );
}

/**
 * The four things a card holder does most, as in banking apps: fund, withdraw, freeze or
 * unfreeze, and show the details. Funding and showing wait while the card is frozen.
 */
export function CardActionBar({
  card,
  onToggleFreeze,
  onReveal,
}: {
  card: Card;
  onToggleFreeze: () => void;
  onReveal: () => void;
}) {
  const { search } = useLocation();
  const frozen = card.status === 'frozen';
  return (
    <nav aria-label="Card actions" className="grid grid-cols-4 gap-1 sm:gap-3">
      {frozen ? (
        <span aria-disabled="true" className={actionClassName}>
          <ActionGlyph>
            <ArrowIntoIcon className="size-5" />
          </ActionGlyph>
          Fund
        </span>
      ) : (
        <Link to={{ search: cardPanelSearch(search, 'fund') }} className={actionClassName}>
          <ActionGlyph>
            <ArrowIntoIcon className="size-5" />
          </ActionGlyph>
          Fund
        </Link>
      )}
      <Link to={{ search: cardPanelSearch(search, 'withdraw') }} className={actionClassName}>
        <ActionGlyph>
          <ArrowOutIcon className="size-5" />
        </ActionGlyph>
        Withdraw
      </Link>
      <button
        type="button"
        aria-pressed={frozen}
        onClick={onToggleFreeze}
        className={actionClassName}
      >
        <ActionGlyph tone={frozen ? 'ice' : 'brand'}>
          <SnowflakeIcon className="size-5" />
        </ActionGlyph>
        {frozen ? 'Unfreeze' : 'Freeze'}
      </button>
      <button type="button" onClick={onReveal} className={actionClassName}>
        <ActionGlyph>
          <EyeIcon className="size-5" />
        </ActionGlyph>
        Details
      </button>
    </nav>
  );
}
