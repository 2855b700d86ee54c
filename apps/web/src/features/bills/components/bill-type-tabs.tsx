import { useRef } from 'react';
import { classNames } from '../../../lib/class-names.ts';
import { billTabs, tabIndexAfterKey, type BillTab, type BillTabId } from '../utils/bill-tabs.ts';
import { BillTypeGlyph } from './bill-type-glyph.tsx';

export const billTabId = (tab: BillTabId) => `bill-tab-${tab}`;
export const BILL_TAB_PANEL_ID = 'bill-tab-panel';

/**
 * The four kinds of bill as tiles, one of them chosen: a tab list (arrow keys, Home and End move
 * between them, as WAI-ARIA's tabs pattern asks) controlling the form below.
 */
export function BillTypeTabs({
  selected,
  onSelect,
}: {
  selected: BillTab;
  onSelect: (tab: BillTabId) => void;
}) {
  const tabRefs = useRef<(HTMLButtonElement | null)[]>([]);
  return (
    <div role="tablist" aria-label="Bill type" className="grid grid-cols-4 gap-2 sm:gap-3">
      {billTabs.map((tab, index) => {
        const isSelected = tab.id === selected.id;
        return (
          <button
            key={tab.id}
            ref={(element) => {
              tabRefs.current[index] = element;
            }}
            type="button"
            role="tab"
            id={billTabId(tab.id)}
            aria-selected={isSelected}
            aria-controls={BILL_TAB_PANEL_ID}
            tabIndex={isSelected ? 0 : -1}
            onClick={() => {
              onSelect(tab.id);
            }}
            onKeyDown={(event) => {
              const next = tabIndexAfterKey(event.key, index, billTabs.length);
              const nextTab = next === undefined ? undefined : billTabs[next];
              if (next === undefined || nextTab === undefined) return;
              event.preventDefault();
              onSelect(nextTab.id);
              tabRefs.current[next]?.focus();
            }}
            className={classNames(
              'flex min-w-0 flex-col items-center gap-2 rounded-2xl px-1 py-3 text-center ring-1 transition sm:py-4',
              isSelected
                ? 'bg-brand-50/60 ring-2 ring-brand-600'
                : 'bg-white ring-slate-200 hover:bg-slate-50 hover:ring-slate-300',
            )}
          >
            <BillTypeGlyph tab={tab.id} />
            <span
              className={classNames(
                'block max-w-full truncate text-xs font-semibold sm:text-sm',
                isSelected ? 'text-brand-700' : 'text-slate-900',
              )}
            >
              {tab.label}
            </span>
          </button>
        );
      })}
    </div>
  );
}
