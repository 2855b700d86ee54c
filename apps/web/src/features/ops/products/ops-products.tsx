import { useState } from 'react';
import {
  newProductKinds,
  productKinds,
  type NewProductKind,
  type ProductChange,
  type ProductChangeStatus,
  type ProductKind,
} from '@ajo/contracts/ops-products';
import { Button } from '../../../components/ui/button.tsx';
import { TabList } from '../../../components/ui/tab-list.tsx';
import { isApiError } from '../../../lib/api-client.ts';
import { formatLagosDateTime } from '../../../lib/dates.ts';
import { formatMoneyText } from '../../../lib/money-text.ts';
import { OpsListCard } from '../components/ops-list-card.tsx';
import {
  OpsBadge,
  OpsCard,
  opsCell,
  OpsLoadState,
  OpsPage,
  OpsTable,
} from '../components/ops-page.tsx';
import { OpsShowSelect } from '../components/ops-show-select.tsx';
import { ReasonDialog } from '../components/reason-dialog.tsx';
import { useReasonDialog } from '../components/use-reason-dialog.ts';
import {
  describeChange,
  durationsOf,
  editableItems,
  kindLabels,
  rateText,
  textOf,
  tiersOf,
  type EditableItem,
} from './product-model.ts';
import { useCancelChange, useCatalogue, useProductChanges } from './products-api.ts';
import { NewProductDialog } from './new-product-dialog.tsx';
import { ScheduleChangeDialog } from './schedule-change-dialog.tsx';

const money = (text: unknown) =>
  text === null || text === undefined ? 'none' : formatMoneyText(textOf(text));

/** The current values of an item, as a few short lines for its row. */
function currentValues(item: EditableItem): string[] {
  const values = item.values;
  switch (item.kind) {
    case 'savings_product':
      return [
        durationsOf(item)
          .map((duration) => `${duration.label} ${rateText(duration.rate)}%`)
          .join(' · '),
        `Minimum ${formatMoneyText(textOf(values.minimum), item.currency ?? 'NGN')}`,
      ];
    case 'commodity':
      return [`Unit: ${textOf(values.unit)}`];
    case 'fixed_income_product':
      return [
        `${rateText(Number(values.rate))}% p.a.`,
        `${money(values.minimum)} – ${money(values.maximum)}`,
      ];
    case 'real_estate_listing':
      return [
        `${money(values.price_per_unit)} a unit`,
        `Yield ${rateText(Number(values.rental_yield))}%`,
        textOf(values.location),
      ];
    case 'fee':
      return [
        `${rateText(Number(values.rate))}% + ${money(values.flat)}`,
        values.cap === null ? 'No cap' : `Cap ${money(values.cap)}`,
      ];
    case 'limit':
      return [
        `Minimum ${money(values.minimum)}`,
        tiersOf(item)
          .map(
            (tier) =>
              `T${String(tier.tier)} ${tier.per_transaction === null ? '∞' : money(tier.per_transaction)}`,
          )
          .join(' · '),
      ];
    case 'exchange_rate':
      return [`Buy ${money(values.buy)}`, `Sell ${money(values.sell)}`];
    case 'advert':
      return [textOf(values.body), `Opens ${textOf(values.cta_path)}`];
  }
}

function isOn(item: EditableItem): boolean | null {
  return typeof item.values.active === 'boolean' ? item.values.active : null;
}

/** Whether an item is on sale, for the kinds that can be taken off sale. */
function OnSaleBadge({ on }: { on: boolean }) {
  return (
    <span className="whitespace-nowrap">
      <OpsBadge tone={on ? 'good' : 'neutral'}>{on ? 'On sale' : 'Off'}</OpsBadge>
    </span>
  );
}

function ScheduleButton({
  item,
  onEdit,
  className,
}: {
  item: EditableItem;
  onEdit: (item: EditableItem) => void;
  className?: string;
}) {
  return (
    <Button
      size="sm"
      variant="secondary"
      className={className}
      aria-label={`Schedule a change: ${item.title}`}
      onClick={() => {
        onEdit(item);
      }}
    >
      Schedule a change
    </Button>
  );
}

function ScheduledNotes({ changes }: { changes: readonly ProductChange[] }) {
  if (changes.length === 0) return <span className="text-slate-400">—</span>;
  return (
    <ul className="space-y-1">
      {changes.map((change) => (
        <li key={change.id} className="text-xs">
          <OpsBadge tone="warn">From {formatLagosDateTime(change.effective_from)}</OpsBadge>{' '}
          <span className="text-slate-600">{describeChange(change)}</span>
        </li>
      ))}
    </ul>
  );
}

function KindTable({
  kind,
  items,
  onEdit,
}: {
  kind: ProductKind;
  items: EditableItem[];
  onEdit: (item: EditableItem) => void;
}) {
  if (items.length === 0) {
    return (
      <p className="px-5 py-8 text-sm text-slate-500">Nothing in this part of the catalogue yet.</p>
    );
  }
  return (
    <>
      <ul className="divide-y divide-slate-100 md:hidden" aria-label={kindLabels[kind]}>
        {items.map((item) => {
          const on = isOn(item);
          return (
            <li key={item.id} className="space-y-2 px-5 py-4">
              <div className="flex items-start justify-between gap-3">
                <p className="font-medium text-slate-900">{item.title}</p>
                {on === null ? null : <OnSaleBadge on={on} />}
              </div>
              <div className="text-sm text-slate-700">
                {currentValues(item).map((line) => (
                  <div key={line}>{line}</div>
                ))}
              </div>
              {item.scheduled.length > 0 ? <ScheduledNotes changes={item.scheduled} /> : null}
              <ScheduleButton item={item} onEdit={onEdit} />
            </li>
          );
        })}
      </ul>
      <div className="hidden md:block">
        <OpsTable
          caption={kindLabels[kind]}
          columns={['Item', 'Current values', 'Status', 'Scheduled', 'Action']}
        >
          {items.map((item) => {
            const on = isOn(item);
            return (
              <tr key={item.id}>
                <td className={`${opsCell} font-medium text-slate-900`}>{item.title}</td>
                <td className={opsCell}>
                  {currentValues(item).map((line) => (
                    <div key={line} className="text-sm">
                      {line}
                    </div>
                  ))}
                </td>
                <td className={opsCell}>
                  {on === null ? (
                    <span className="text-slate-400">—</span>
                  ) : (
                    <OnSaleBadge on={on} />
                  )}
                </td>
                <td className={opsCell}>
                  <ScheduledNotes changes={item.scheduled} />
                </td>
                <td className={`${opsCell} text-right`}>
                  <ScheduleButton item={item} onEdit={onEdit} className="whitespace-nowrap" />
                </td>
              </tr>
            );
          })}
        </OpsTable>
      </div>
    </>
  );
}

const statusTone: Record<ProductChangeStatus, 'warn' | 'good' | 'neutral'> = {
  scheduled: 'warn',
  applied: 'good',
  cancelled: 'neutral',
};

const statusLabel: Record<ProductChangeStatus, string> = {
  scheduled: 'Scheduled',
  applied: 'Applied',
  cancelled: 'Cancelled',
};

const statusOptions = (['scheduled', 'applied', 'cancelled'] as const).map((value) => ({
  value,
  label: statusLabel[value],
}));

/** "Cancel" on a change that has not applied yet; nothing on one that has or was cancelled. */
function CancelChangeButton({
  change,
  onCancel,
}: {
  change: ProductChange;
  onCancel: (change: ProductChange) => void;
}) {
  if (change.status !== 'scheduled') return null;
  return (
    <Button
      size="sm"
      variant="secondary"
      aria-label={`Cancel the change to ${change.target_name}`}
      onClick={() => {
        onCancel(change);
      }}
    >
      Cancel
    </Button>
  );
}

/** The list of changes on a phone: one card per change. */
function ChangeCards({
  changes,
  status,
  onCancel,
}: {
  changes: readonly ProductChange[];
  status: ProductChangeStatus;
  onCancel: (change: ProductChange) => void;
}) {
  return (
    <ul className="divide-y divide-slate-100 md:hidden" aria-label={`${status} product changes`}>
      {changes.map((change) => (
        <li key={change.id} className="space-y-1.5 px-5 py-4 text-sm">
          <div className="flex items-start justify-between gap-3">
            <p className="font-medium text-slate-900">{change.target_name}</p>
            <OpsBadge tone={statusTone[change.status]}>{statusLabel[change.status]}</OpsBadge>
          </div>
          <p className="text-slate-700">{describeChange(change)}</p>
          <p className="text-xs text-slate-500">
            From {formatLagosDateTime(change.effective_from)} · {change.proposed_by.name}
          </p>
          <CancelChangeButton change={change} onCancel={onCancel} />
        </li>
      ))}
    </ul>
  );
}

function ChangesList() {
  const [status, setStatus] = useState<ProductChangeStatus>('scheduled');
  const changes = useProductChanges(status);
  const cancel = useCancelChange();
  const cancelling = useReasonDialog({
    mutation: cancel,
    variables: (change: ProductChange, reason: string) => ({ id: change.id, reason }),
    errorText: (error) => (isApiError(error) ? error.message : 'Could not cancel the change'),
  });
  const items = changes.data?.items ?? [];
  return (
    <OpsListCard
      toolbar={
        <div className="flex flex-col gap-3 border-b border-slate-200 px-5 py-3 sm:flex-row sm:items-center sm:justify-between">
          <h2 className="text-sm font-semibold text-slate-900">Product changes</h2>
          <OpsShowSelect
            value={status}
            options={statusOptions}
            onChange={setStatus}
            selectClassName="h-9 rounded-lg px-2 text-sm ring-1 ring-slate-300 ring-inset focus:ring-2 focus:ring-brand-600 focus:outline-none"
          />
        </div>
      }
      list={changes}
      items={items}
      emptyText={`No ${status} changes.`}
      caption={`${status} product changes`}
      columns={['Effective from', 'Item', 'Change', 'Proposed by', 'Status', 'Action']}
      narrow={{
        list: <ChangeCards changes={items} status={status} onCancel={cancelling.ask} />,
        from: 'md',
      }}
      row={(change) => (
        <tr key={change.id}>
          <td className={`${opsCell} whitespace-nowrap`}>
            {formatLagosDateTime(change.effective_from)}
          </td>
          <td className={opsCell}>
            <div className="font-medium text-slate-900">{change.target_name}</div>
            <div className="text-xs text-slate-500">{kindLabels[change.kind]}</div>
          </td>
          <td className={`${opsCell} max-w-sm`}>
            <div>{describeChange(change)}</div>
            {change.previous ? (
              <div className="mt-1 text-xs text-slate-500">
                Was: {describeChange({ ...change, changes: change.previous })}
              </div>
            ) : null}
          </td>
          <td className={opsCell}>{change.proposed_by.name}</td>
          <td className={opsCell}>
            <OpsBadge tone={statusTone[change.status]}>{statusLabel[change.status]}</OpsBadge>
            {change.applied_at ? (
              <div className="mt-1 text-xs text-slate-500">
                {formatLagosDateTime(change.applied_at)}
              </div>
            ) : null}
          </td>
          <td className={`${opsCell} text-right`}>
            <CancelChangeButton change={change} onCancel={cancelling.ask} />
          </td>
        </tr>
      )}
    >
      {cancelling.choice ? (
        <ReasonDialog
          {...cancelling.dialog}
          title="Cancel this change?"
          summary={
            <p>
              {cancelling.choice.target_name}: {describeChange(cancelling.choice)}, due{' '}
              {formatLagosDateTime(cancelling.choice.effective_from)}, will not apply.
            </p>
          }
          confirmLabel="Cancel the change"
          tone="danger"
        />
      ) : null}
    </OpsListCard>
  );
}

/** The catalogue's kinds as tabs. */
const kindTabs = productKinds.map((id) => ({ id }));

/**
 * /ops/products: the catalogue by kind (savings rates and durations, commodities, fixed income,
 * real estate, fees, limits, the exchange rate, adverts), each item's current values and what is
 * scheduled for it, "Schedule a change" per item, and the list of changes with Cancel.
 */
export function OpsProductsPage() {
  const catalogue = useCatalogue();
  const [kind, setKind] = useState<ProductKind>('savings_product');
  const [editing, setEditing] = useState<EditableItem | null>(null);
  const [adding, setAdding] = useState<NewProductKind | null>(null);
  const items = catalogue.data ? editableItems(catalogue.data) : null;
  const serverOffsetMs = catalogue.data
    ? Date.parse(catalogue.data.as_of) - catalogue.dataUpdatedAt
    : 0;
  const addable = (newProductKinds as readonly ProductKind[]).includes(kind)
    ? (kind as NewProductKind)
    : null;

  return (
    <OpsPage
      title="Products"
      description="What customers buy and pay: rates, catalogue, fees, limits, the exchange rate and adverts. A change starts when you say and never reaches back: plans and orders already made keep their terms."
    >
      <TabList
        label="Kinds of product"
        tabs={kindTabs}
        selected={kind}
        onSelect={setKind}
        tabId={(entry) => `products-tab-${entry}`}
        panelId={() => 'products-panel'}
        className="mb-4 flex gap-1 overflow-x-auto rounded-xl bg-slate-100 p-1"
        tabClassName={(isSelected) =>
          `shrink-0 rounded-lg px-3 py-1.5 text-sm font-medium whitespace-nowrap focus:ring-2 focus:ring-brand-600 focus:outline-none ${
            isSelected ? 'bg-white text-slate-900 shadow-sm' : 'text-slate-600 hover:text-slate-900'
          }`
        }
      >
        {(tab) => (
          <>
            {kindLabels[tab.id]}
            {items?.[tab.id].some((item) => item.scheduled.length > 0) ? (
              <>
                <span
                  aria-hidden="true"
                  className="ml-1.5 inline-block size-1.5 rounded-full bg-amber-500 align-middle"
                />
                <span className="sr-only"> (changes scheduled)</span>
              </>
            ) : null}
          </>
        )}
      </TabList>
      <div
        id="products-panel"
        role="tabpanel"
        aria-labelledby={`products-tab-${kind}`}
        className="mb-6"
      >
        {addable ? (
          <div className="mb-3 flex justify-end">
            <Button
              size="sm"
              onClick={() => {
                setAdding(addable);
              }}
            >
              {addable === 'advert' ? 'Add an advert' : 'Add a listing'}
            </Button>
          </div>
        ) : null}
        <OpsCard>
          <OpsLoadState isPending={catalogue.isPending} error={catalogue.error} />
          {items ? (
            <KindTable
              kind={kind}
              items={items[kind]}
              onEdit={(item) => {
                setEditing(item);
              }}
            />
          ) : null}
        </OpsCard>
      </div>
      <ChangesList />
      {editing ? (
        <ScheduleChangeDialog
          key={editing.id}
          item={editing}
          serverOffsetMs={serverOffsetMs}
          onClose={() => {
            setEditing(null);
          }}
        />
      ) : null}
      {adding ? (
        <NewProductDialog
          kind={adding}
          serverOffsetMs={serverOffsetMs}
          onClose={() => {
            setAdding(null);
          }}
        />
      ) : null}
    </OpsPage>
  );
}
