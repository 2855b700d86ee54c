import { TabList } from '../../../components/ui/tab-list.tsx';
import { classNames } from '../../../lib/class-names.ts';
import type { PlanTab } from '../utils/fixed-plan-location.ts';

const planTabs: readonly { id: PlanTab; label: string }[] = [
  { id: 'active', label: 'Active' },
  { id: 'matured', label: 'Matured' },
];

export const planTabId = (tab: PlanTab) => `fixed-plan-tab-${tab}`;
export const PLAN_TAB_PANEL_ID = 'fixed-plan-tab-panel';

/** Active and Matured as a segmented control. */
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
  return (
    <TabList
      label={label}
      tabs={planTabs}
      selected={selected}
      onSelect={onSelect}
      tabId={planTabId}
      panelId={() => PLAN_TAB_PANEL_ID}
      className="inline-flex rounded-xl bg-slate-200/60 p-1"
      tabClassName={(isSelected) =>
        classNames(
          'min-w-24 rounded-lg px-4 py-2 text-sm font-semibold transition-colors',
          isSelected ? 'bg-white text-brand-700 shadow-sm' : 'text-slate-600 hover:text-slate-900',
        )
      }
    >
      {(tab) => tab.label}
    </TabList>
  );
}
