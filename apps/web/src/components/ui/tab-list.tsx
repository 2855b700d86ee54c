import { useRef, type ReactNode } from 'react';
import { tabIndexAfterKey } from '../../lib/tab-keys.ts';

/**
 * A row of tabs, one of them chosen, controlling a panel (the WAI-ARIA tabs pattern with
 * automatic activation): only the chosen tab is in the Tab order; the arrow keys choose the next
 * or previous tab and move the focus to it, Home and End the first and last. What each tab looks
 * like is the caller's (tiles, a segmented control); how it behaves is the same everywhere.
 */
export function TabList<Tab extends { readonly id: string }>({
  label,
  tabs,
  selected,
  onSelect,
  tabId,
  panelId,
  className,
  tabClassName,
  children,
}: {
  /** The tab list's accessible name. */
  label: string;
  tabs: readonly Tab[];
  selected: Tab['id'];
  onSelect: (id: Tab['id']) => void;
  /** Each tab's element id: its panel is labelled by it. */
  tabId: (id: Tab['id']) => string;
  /** The id of the panel a tab controls. */
  panelId: (id: Tab['id']) => string;
  className: string;
  tabClassName: (isSelected: boolean) => string;
  /** A tab's contents. */
  children: (tab: Tab, isSelected: boolean) => ReactNode;
}) {
  const tabRefs = useRef<(HTMLButtonElement | null)[]>([]);
  return (
    <div role="tablist" aria-label={label} className={className}>
      {tabs.map((tab, index) => {
        const isSelected = tab.id === selected;
        return (
          <button
            key={tab.id}
            ref={(element) => {
              tabRefs.current[index] = element;
            }}
            type="button"
            role="tab"
            id={tabId(tab.id)}
            aria-selected={isSelected}
            aria-controls={panelId(tab.id)}
            tabIndex={isSelected ? 0 : -1}
            onClick={() => {
              onSelect(tab.id);
            }}
            onKeyDown={(event) => {
              const next = tabIndexAfterKey(event.key, index, tabs.length);
              const nextTab = next === undefined ? undefined : tabs[next];
              if (next === undefined || nextTab === undefined) return;
              event.preventDefault();
              onSelect(nextTab.id);
              tabRefs.current[next]?.focus();
            }}
            className={tabClassName(isSelected)}
          >
            {children(tab, isSelected)}
          </button>
        );
      })}
    </div>
  );
}
