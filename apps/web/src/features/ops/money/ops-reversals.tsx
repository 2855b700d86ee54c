import { useState } from 'react';
import type { Reversal } from '@ajo/contracts/ops-money';
import { formatLagosDateTime } from '../../../lib/dates.ts';
import { formatMoneyText } from '../../../lib/money-text.ts';
import {
  OpsBadge,
  OpsCard,
  opsCell,
  OpsListState,
  OpsPage,
  OpsTable,
} from '../components/ops-page.tsx';
import { formatMinutes, productLabel, useReversals } from './money-api.ts';
import { CustomerLink } from './customer-link.tsx';

const ruleLabels: Record<Reversal['rule'], string> = {
  own_channel: 'Own channel',
  web: 'Web',
  pos: 'POS / dispute',
};

function TimeLeft({ reversal }: { reversal: Reversal }) {
  if (reversal.money_back) {
    return (
      <OpsBadge tone="good">
        Back {reversal.money_back_at ? formatLagosDateTime(reversal.money_back_at) : ''}
      </OpsBadge>
    );
  }
  if (reversal.overdue) {
    return <OpsBadge tone="bad">Overdue by {formatMinutes(reversal.minutes_left)}</OpsBadge>;
  }
  return <OpsBadge tone="warn">{formatMinutes(reversal.minutes_left)} left</OpsBadge>;
}

/** /ops/reversals: money out that must come back, against CBN's 24/48/72-hour timelines. */
export function OpsReversalsPage() {
  const [show, setShow] = useState<'open' | 'all'>('all');
  const reversals = useReversals(show);
  const items = reversals.data?.items ?? [];
  const overdue = reversals.data?.overdue_count ?? 0;
  return (
    <OpsPage
      title="Reversals"
      description="Failed electronic transactions must be reversed within 24 hours (own channel: payouts, bills), 48 hours (web: the dollar card) or 72 hours (POS and disputes). Money still pending counts too."
      actions={
        <label className="flex items-center gap-2 text-sm text-slate-700">
          Show
          <select
            value={show}
            onChange={(event) => {
              setShow(event.target.value === 'open' ? 'open' : 'all');
            }}
            className="h-9 rounded-lg bg-white px-2 text-sm ring-1 ring-slate-300 ring-inset"
          >
            <option value="all">All of the last 7 days</option>
            <option value="open">Money not back yet</option>
          </select>
        </label>
      }
    >
      {reversals.data ? (
        <p
          role="status"
          className={`mb-4 rounded-xl px-4 py-3 text-sm font-medium ${
            overdue > 0 ? 'bg-red-50 text-red-800' : 'bg-emerald-50 text-emerald-800'
          }`}
        >
          {overdue > 0
            ? `${String(overdue)} overdue: the customer’s money is not back within CBN’s deadline.`
            : 'Nothing is overdue.'}
        </p>
      ) : null}
      <OpsCard>
        <OpsListState
          isPending={reversals.isPending}
          error={reversals.error}
          isEmpty={items.length === 0}
          emptyText="No failed, reversed or pending money out."
        />
        {items.length > 0 ? (
          <OpsTable
            caption="Reversals and their deadlines"
            columns={['Movement', 'Customer', 'Amount', 'Status', 'Deadline', 'Money back']}
          >
            {items.map((reversal) => (
              <tr
                key={`${reversal.product}-${reversal.reference}`}
                className={reversal.overdue ? 'bg-red-50/60' : undefined}
              >
                <td className={opsCell}>
                  <span className="font-medium text-slate-900">
                    {productLabel(reversal.product)}
                  </span>
                  <span className="block font-mono text-xs">{reversal.reference}</span>
                </td>
                <td className={opsCell}>
                  <CustomerLink id={reversal.user_id} />
                </td>
                <td className={`${opsCell} whitespace-nowrap`}>
                  {formatMoneyText(reversal.amount, reversal.currency)}
                </td>
                <td className={opsCell}>
                  <OpsBadge tone={reversal.status === 'pending' ? 'warn' : 'neutral'}>
                    {reversal.status}
                  </OpsBadge>
                </td>
                <td className={`${opsCell} whitespace-nowrap`}>
                  {formatLagosDateTime(reversal.deadline_at)}
                  <span className="block text-xs text-slate-500">
                    {ruleLabels[reversal.rule]}: {reversal.deadline_hours} h from{' '}
                    {formatLagosDateTime(reversal.started_at)}
                  </span>
                </td>
                <td className={opsCell}>
                  <TimeLeft reversal={reversal} />
                </td>
              </tr>
            ))}
          </OpsTable>
        ) : null}
      </OpsCard>
    </OpsPage>
  );
}
