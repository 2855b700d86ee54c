import { useState } from 'react';
import type { FlaggedDeposit } from '@ajo/contracts/ops-money';
import { Button } from '../../../components/ui/button.tsx';
import { toast } from '../../../components/ui/toast.ts';
import { formatLagosDateTime } from '../../../lib/dates.ts';
import { formatMoneyText } from '../../../lib/money-text.ts';
import { OpsCard, opsCell, OpsListState, OpsPage, OpsTable } from '../components/ops-page.tsx';
import { ReasonDialog } from '../components/reason-dialog.tsx';
import { formatMinutes, useFlaggedDeposits, useResolveFlagged } from './money-api.ts';
import { CustomerLink } from './customer-link.tsx';

function Actions({ deposit }: { deposit: FlaggedDeposit }) {
  const resolve = useResolveFlagged();
  const [open, setOpen] = useState<'credit' | 'dismiss' | null>(null);
  const amount = formatMoneyText(deposit.amount, deposit.currency);
  return (
    <div className="flex gap-2">
      <Button
        size="sm"
        onClick={() => {
          resolve.reset();
          setOpen('credit');
        }}
      >
        Propose credit
      </Button>
      <Button
        size="sm"
        variant="secondary"
        onClick={() => {
          resolve.reset();
          setOpen('dismiss');
        }}
      >
        Dismiss
      </Button>
      {open ? (
        <ReasonDialog
          key={open}
          open
          title={open === 'credit' ? `Propose crediting ${amount}?` : 'Dismiss this flag?'}
          summary={
            open === 'credit' ? (
              <p>
                Proposes a correction crediting {amount} to the customer’s {deposit.currency} wallet
                for {deposit.reference}. Nothing moves until a different operator approves it under
                Money corrections. The customer sees your reason.
              </p>
            ) : (
              <p>
                Records that {deposit.reference} needs no credit. Nothing moves. The deposit leaves
                this list.
              </p>
            )
          }
          confirmLabel={open === 'credit' ? 'Propose credit' : 'Dismiss'}
          tone={open === 'credit' ? 'primary' : 'danger'}
          isPending={resolve.isPending}
          error={resolve.error?.message ?? null}
          onClose={() => {
            setOpen(null);
          }}
          onConfirm={(reason) => {
            resolve.mutate(
              { transactionId: deposit.transaction_id, outcome: open, reason },
              {
                onSuccess: () => {
                  toast.success(
                    open === 'credit'
                      ? 'Credit proposed: another operator must approve it'
                      : 'Flag dismissed',
                  );
                  setOpen(null);
                },
              },
            );
          }}
        />
      ) : null}
    </div>
  );
}

/** /ops/flagged: deposits whose provider's answer contradicted ours, waiting for a person. */
export function OpsFlaggedPage() {
  const flagged = useFlaggedDeposits();
  const items = flagged.data?.items ?? [];
  return (
    <OpsPage
      title="Deposits flagged for review"
      description="The provider’s answer contradicted ours (another amount, or paid after we marked it failed), so no job credits these. Propose a credit (a second operator approves it) or dismiss the flag."
    >
      <OpsCard>
        <OpsListState
          isPending={flagged.isPending}
          error={flagged.error}
          isEmpty={items.length === 0}
          emptyText="No deposits are waiting for review."
        />
        {items.length > 0 ? (
          <OpsTable
            caption="Deposits flagged for review"
            columns={['Deposit', 'Customer', 'Amount', 'Why it was flagged', 'Waiting', 'Decision']}
          >
            {items.map((deposit) => (
              <tr key={deposit.transaction_id}>
                <td className={opsCell}>
                  <span className="font-mono text-xs">{deposit.reference}</span>
                  <span className="block text-xs text-slate-500">
                    {deposit.channel === 'card' ? 'Card' : 'Bank transfer'} · {deposit.status}
                    {deposit.provider_reference ? ` · ${deposit.provider_reference}` : ''}
                  </span>
                </td>
                <td className={opsCell}>
                  <CustomerLink id={deposit.user_id} />
                </td>
                <td className={`${opsCell} whitespace-nowrap font-medium`}>
                  {formatMoneyText(deposit.amount, deposit.currency)}
                </td>
                <td className={`${opsCell} max-w-xs`}>{deposit.review_reason}</td>
                <td className={`${opsCell} whitespace-nowrap`}>
                  {formatMinutes(deposit.age_minutes)}
                  <span className="block text-xs text-slate-500">
                    since {formatLagosDateTime(deposit.created_at)}
                  </span>
                </td>
                <td className={opsCell}>
                  <Actions deposit={deposit} />
                </td>
              </tr>
            ))}
          </OpsTable>
        ) : null}
      </OpsCard>
    </OpsPage>
  );
}
