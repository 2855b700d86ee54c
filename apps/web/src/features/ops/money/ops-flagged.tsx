import type { FlaggedDeposit } from '@ajo/contracts/ops-money';
import { Button } from '../../../components/ui/button.tsx';
import { formatMoneyText } from '../../../lib/money-text.ts';
import { OpsListCard } from '../components/ops-list-card.tsx';
import { opsCell, OpsPage } from '../components/ops-page.tsx';
import { ReasonDialog } from '../components/reason-dialog.tsx';
import { useReasonDialog } from '../components/use-reason-dialog.ts';
import { useFlaggedDeposits, useResolveFlagged } from './money-api.ts';
import { CustomerCell, WaitingCell } from './money-cells.tsx';

function Actions({ deposit }: { deposit: FlaggedDeposit }) {
  const resolve = useResolveFlagged();
  const decision = useReasonDialog({
    mutation: resolve,
    variables: (outcome: 'credit' | 'dismiss', reason: string) => ({
      transactionId: deposit.transaction_id,
      outcome,
      reason,
    }),
    doneText: (outcome) =>
      outcome === 'credit' ? 'Credit proposed: another operator must approve it' : 'Flag dismissed',
  });
  const open = decision.choice;
  const amount = formatMoneyText(deposit.amount, deposit.currency);
  return (
    <div className="flex gap-2">
      <Button
        size="sm"
        onClick={() => {
          decision.ask('credit');
        }}
      >
        Propose credit
      </Button>
      <Button
        size="sm"
        variant="secondary"
        onClick={() => {
          decision.ask('dismiss');
        }}
      >
        Dismiss
      </Button>
      {open ? (
        <ReasonDialog
          key={open}
          {...decision.dialog}
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
      <OpsListCard
        list={flagged}
        items={items}
        emptyText="No deposits are waiting for review."
        caption="Deposits flagged for review"
        columns={['Deposit', 'Customer', 'Amount', 'Why it was flagged', 'Waiting', 'Decision']}
        row={(deposit) => (
          <tr key={deposit.transaction_id}>
            <td className={opsCell}>
              <span className="font-mono text-xs">{deposit.reference}</span>
              <span className="block text-xs text-slate-500">
                {deposit.channel === 'card' ? 'Card' : 'Bank transfer'} · {deposit.status}
                {deposit.provider_reference ? ` · ${deposit.provider_reference}` : ''}
              </span>
            </td>
            <CustomerCell id={deposit.user_id} />
            <td className={`${opsCell} whitespace-nowrap font-medium`}>
              {formatMoneyText(deposit.amount, deposit.currency)}
            </td>
            <td className={`${opsCell} max-w-xs`}>{deposit.review_reason}</td>
            <WaitingCell minutes={deposit.age_minutes} since={deposit.created_at} />
            <td className={opsCell}>
              <Actions deposit={deposit} />
            </td>
          </tr>
        )}
      />
    </OpsPage>
  );
}
