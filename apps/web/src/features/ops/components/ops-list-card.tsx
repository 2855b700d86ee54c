import type { ReactNode } from 'react';
import { OpsCard, OpsListState, OpsTable } from './ops-page.tsx';

/** Where the table takes over from a phone's list (the class names are spelled out for Tailwind). */
const tableFrom = { sm: 'hidden sm:block', md: 'hidden md:block' } as const;

/** A list that is already loaded: it is never pending and never fails. */
const loaded = { isPending: false, error: null };

/**
 * A console list in its card: loading, failure or `emptyText` until there are rows, then one
 * table row per item. `narrow` is how a phone shows the items instead, up to the `from`
 * breakpoint where the table takes over. `toolbar` (a heading, filters) sits above the list;
 * `children` (a dialog the rows open) below it.
 */
export function OpsListCard<Item>({
  title,
  toolbar,
  list = loaded,
  items,
  emptyText,
  caption,
  columns,
  row,
  narrow,
  children,
}: {
  title?: string;
  toolbar?: ReactNode;
  /** The query the items come from; left out when they are already loaded. */
  list?: { isPending: boolean; error: Error | null };
  items: readonly Item[];
  emptyText: string;
  caption: string;
  columns: readonly string[];
  /** One `<tr>` (keyed) with `<td className={opsCell}>` cells. */
  row: (item: Item) => ReactNode;
  narrow?: { list: ReactNode; from: keyof typeof tableFrom };
  children?: ReactNode;
}) {
  const table =
    items.length > 0 ? (
      <OpsTable caption={caption} columns={columns}>
        {items.map((item) => row(item))}
      </OpsTable>
    ) : null;
  return (
    <OpsCard title={title}>
      {toolbar}
      <OpsListState
        isPending={list.isPending}
        error={list.error}
        isEmpty={items.length === 0}
        emptyText={emptyText}
      />
      {narrow === undefined || table === null ? (
        table
      ) : (
        <>
          {narrow.list}
          <div className={tableFrom[narrow.from]}>{table}</div>
        </>
      )}
      {children}
    </OpsCard>
  );
}
