import { TabList } from '../../../components/ui/tab-list.tsx';
import { classNames } from '../../../lib/class-names.ts';
import { billTabs, type BillTab, type BillTabId } from '../utils/bill-tabs.ts';
import { BillTypeGlyph } from './bill-type-glyph.tsx';

export const billTabId = (tab: BillTabId) => `bill-tab-${tab}`;
export const BILL_TAB_PANEL_ID = 'bill-tab-panel';

/** The four kinds of bill as tiles, one of them chosen, controlling the form below. */
export function BillTypeTabs({
  selected,
  onSelect,
}: {
  selected: BillTab;
  onSelect: (tab: BillTabId) => void;
}) {
  return (
    <TabList
      label="Bill type"
      tabs={billTabs}
      selected={selected.id}
      onSelect={onSelect}
      tabId={billTabId}
      panelId={() => BILL_TAB_PANEL_ID}
      className="grid grid-cols-4 gap-2 sm:gap-3"
      tabClassName={(isSelected) =>
        classNames(
          'flex min-w-0 flex-col items-center gap-2 rounded-2xl px-1 py-3 text-center ring-1 transition sm:py-4',
          isSelected
            ? 'bg-brand-50/60 ring-2 ring-brand-600'
            : 'bg-white ring-slate-200 hover:bg-slate-50 hover:ring-slate-300',
        )
      }
    >
      {(tab, isSelected) => (
        <>
          <BillTypeGlyph tab={tab.id} />
          <span
            className={classNames(
              'block max-w-full truncate text-xs font-semibold sm:text-sm',
              isSelected ? 'text-brand-700' : 'text-slate-900',
            )}
          >
            {tab.label}
          </span>
        </>
      )}
    </TabList>
  );
}
