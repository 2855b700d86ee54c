import type { z } from 'zod';
import type { Biller, billRecipientSchema, BillType } from '@ajo/contracts/bills';
import { ClockIcon } from '../../../components/ui/icons.tsx';
import { useBillRecipients } from '../api/get-bill-recipients.ts';
import { readablePhone } from '../utils/phone-network.ts';
import { BillerBadge } from './biller-badge.tsx';

export type BillRecipient = z.output<typeof billRecipientSchema>;

/** What a chip says: the number or account, then whose it is when the biller named them. */
function chipLabel(recipient: BillRecipient): string {
  if (recipient.type === 1 || recipient.type === 2) return readablePhone(recipient.customer_id);
  return recipient.customer_id;
}

/**
 * The phones, meters or accounts paid for lately, as chips: one tap fills the form again for a
 * repeat purchase. Nothing shows until there is at least one.
 */
export function RecentRecipients({
  type,
  billers,
  onPick,
}: {
  type: BillType;
  billers: readonly Biller[] | undefined;
  onPick: (recipient: BillRecipient) => void;
}) {
  const recipients = useBillRecipients(type);
  const items = (recipients.data ?? []).slice(0, 6);
  if (items.length === 0) return null;
  return (
    <section aria-label="Recent">
      <h3 className="flex items-center gap-1.5 text-xs font-semibold tracking-wide text-slate-500 uppercase">
        <ClockIcon className="size-3.5" />
        Recent
      </h3>
      <ul className="-mx-1 mt-2 flex gap-2 overflow-x-auto px-1 pb-1 [scrollbar-width:none]">
        {items.map((recipient) => {
          const biller = billers?.find((candidate) => candidate.id === recipient.biller_id);
          const name = recipient.customer_name;
          return (
            <li
              key={`${recipient.biller_id}-${recipient.customer_id}-${recipient.meter_type ?? ''}`}
            >
              <button
                type="button"
                onClick={() => {
                  onPick(recipient);
                }}
                className="flex max-w-64 items-center gap-2 rounded-full bg-slate-50 py-1 pr-3.5 pl-1 text-left ring-1 ring-slate-200 hover:bg-brand-50 hover:ring-brand-200"
              >
                <BillerBadge
                  shortName={biller?.short_name ?? recipient.biller_name}
                  name={biller?.name ?? recipient.biller_name}
                  colour={biller?.colour ?? ''}
                  size="sm"
                />
                <span className="min-w-0">
                  <span className="block truncate text-sm font-semibold text-slate-900 tabular-nums">
                    {chipLabel(recipient)}
                  </span>
                  <span className="block truncate text-xs text-slate-600">
                    {name ?? biller?.short_name ?? recipient.biller_name}
                  </span>
                </span>
              </button>
            </li>
          );
        })}
      </ul>
    </section>
  );
}
