import { useState } from 'react';
import type { Reversal } from '@ajo/contracts/ops-money';
import { formatLagosDateTime } from '../../../lib/dates.ts';
import { formatMoneyText } from '../../../lib/money-text.ts';
import { OpsListCard } from '../components/ops-list-card.tsx';
import { OpsBadge, opsCell, OpsPage } from '../components/ops-page.tsx';
import { OpsShowSelect } from '../components/ops-show-select.tsx';
import { formatMinutes, useReversals } from './money-api.ts';
import { CustomerCell, MovementCell } from './money-cells.tsx';

const ruleLabels: Record<Reversal['rule'], string> = {
  own_channel: 'Own channel',
  web: 'Web',
  pos: 'POS / dispute',
};

const showOptions = [
  { value: 'all', label: 'All of the last 7 days' },
  { value: 'open', label: 'Money not back yet' },
] as const;

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
      actions={<OpsShowSelect value={show} options={showOptions} onChange={setShow} />}
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
      <OpsListCard
        list={reversals}
        items={items}
        emptyText="No failed, reversed or pending money out."
        caption="Reversals and their deadlines"
        columns={['Movement', 'Customer', 'Amount', 'Status', 'Deadline', 'Money back']}
        row={(reversal) => (
          <tr
            key={`${reversal.product}-${reversal.reference}`}
            className={reversal.overdue ? 'bg-red-50/60' : undefined}
          >
            <MovementCell product={reversal.product} reference={reversal.reference} />
            <CustomerCell id={reversal.user_id} />
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
        )}
      />
    </OpsPage>
  );
}
