import { Link, useLocation } from 'react-router';
import { classNames } from '../../lib/class-names.ts';

/**
 * The foot of a catalogue card: a link that opens the buy panel for this item
 * (`?a=<panelId>&<itemParam>=<itemId>`, the page's other parameters kept), or, when the item
 * cannot be bought, a line saying why.
 */
export function BuyCardAction({
  panelId,
  itemParam,
  itemId,
  canBuy,
  buyLabel,
  buyAccessibleName,
  unavailableText,
  spacing,
}: {
  panelId: string;
  itemParam: string;
  itemId: string;
  canBuy: boolean;
  buyLabel: string;
  /** Names the item as well, since every card has the same link text. */
  buyAccessibleName: string;
  unavailableText: string;
  /** The space above, which follows the card's own rhythm. */
  spacing: 'mt-4' | 'mt-5';
}) {
  const location = useLocation();
  if (!canBuy) {
    return (
      <p
        className={classNames(
          spacing,
          'rounded-xl bg-slate-100 px-4 py-3 text-center text-sm font-medium text-slate-600',
        )}
      >
        {unavailableText}
      </p>
    );
  }
  const search = new URLSearchParams(location.search);
  search.set('a', panelId);
  search.set(itemParam, itemId);
  return (
    <Link
      to={{ search: search.toString() }}
      aria-label={buyAccessibleName}
      className={classNames(
        spacing,
        'inline-flex h-11 items-center justify-center rounded-xl bg-brand-600 px-5 text-sm font-semibold text-white shadow-sm hover:bg-brand-700 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-brand-600',
      )}
    >
      {buyLabel}
    </Link>
  );
}
