import type { ReactNode } from 'react';
import { useSearchParams } from 'react-router';
import { readPlanTab, writePlanTab, type PlanTab } from '../utils/fixed-plan-location.ts';
import { FixedPlanTabs, PLAN_TAB_PANEL_ID, planTabId } from './fixed-plan-tabs.tsx';

/**
 * A product's plans under Active and Matured. The tab lives in the address (`?status=matured`),
 * so a shared link opens on its tab; switching keeps the scroll and the history as they are.
 */
export function PlanTabsSection({
  headingId,
  heading,
  tabsLabel,
  children,
}: {
  headingId: string;
  heading: string;
  /** The tab list's accessible name; Fixed plans when not given. */
  tabsLabel?: string;
  /** The list of the selected tab. */
  children: (tab: PlanTab) => ReactNode;
}) {
  const [searchParams, setSearchParams] = useSearchParams();
  const tab = readPlanTab(searchParams);
  return (
    <section aria-labelledby={headingId} className="space-y-4">
      <div className="flex flex-wrap items-center justify-between gap-3">
        <h2 id={headingId} className="text-lg font-semibold text-slate-900">
          {heading}
        </h2>
        <FixedPlanTabs
          label={tabsLabel}
          selected={tab}
          onSelect={(next) => {
            setSearchParams((current) => writePlanTab(current, next), {
              replace: true,
              preventScrollReset: true,
            });
          }}
        />
      </div>
      <div role="tabpanel" id={PLAN_TAB_PANEL_ID} aria-labelledby={planTabId(tab)}>
        {children(tab)}
      </div>
    </section>
  );
}
