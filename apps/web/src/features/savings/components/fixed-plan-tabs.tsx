import { useRef } from 'react';
import { classNames } from '../../../lib/class-names.ts';
import { tabIndexAfterKey, type PlanTab } from '../utils/fixed-plan-location.ts';

const planTabs: readonly { id: PlanTab; label: string }[] = [
  { id: 'active', label: 'Active' },
  { id: 'matured', label: 'Matured' },
];

export const planTabId = (tab: PlanTab) => `fixed-plan-tab-${tab}`;
export const PLAN_TAB_PANEL_ID = 'fixed-plan-tab-panel';

/** Active and Matured as a segmented control (WAI-ARIA tabs: arrow keys, Home and End). */
export function FixedPlanTabs({
  selected,
  onSelect,
  label = 'Fixed plans',
}: {
  selected: PlanTab;
  onSelect: (tab: PlanTab) => void;
  /** The tab list's accessible name (Target Savings reuses these tabs). */
  label?: string;
}) {
  const tabRefs = useRef<(HTMLButtonElement | null)[]>([]);
  return (
    <div role="tablist" aria-label={label} className="inline-flex rounded-xl bg-slate-200/60 p-1">
      {planTabs.map((tab, index) => {
        const isSelected = tab.id === selected;
        return (
          <button
            key={tab.id}
            ref={(element) => {
              tabRefs.current[index] = element;
            }}
            type="button"
            role="tab"
            id={planTabId(tab.id)}
            aria-selected={isSelected}
            aria-controls={PLAN_TAB_PANEL_ID}
            tabIndex={isSelected ? 0 : -1}
            onClick={() => {
              onSelect(tab.id);
            }}
            onKeyDown={(event) => {
              const next = tabIndexAfterKey(event.key, index, planTabs.length);
              const nextTab = next === undefined ? undefined : planTabs[next];
              if (next === undefined || nextTab === undefined) return;
              event.preventDefault();
              onSelect(nextTab.id);
              tabRefs.current[next]?.focus();
            }}
            className={classNames(
              'min-w-24 rounded-lg px-4 py-2 text-sm font-semibold transition-colors',
              isSelected
                ? 'bg-white text-brand-700 shadow-sm'
                : 'text-slate-600 hover:text-slate-900',
            )}
          >
            {tab.label}
          </button>
        );
      })}
    </div>
  );
}
