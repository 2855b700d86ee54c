import { useState } from 'react';
import type { StuckMovement } from '@ajo/contracts/ops-money';
import { Button } from '../../../components/ui/button.tsx';
import { toast } from '../../../components/ui/toast.ts';
import { formatLagosDateTime } from '../../../lib/dates.ts';
import { formatMoneyText } from '../../../lib/money-text.ts';
import { OpsListCard } from '../components/ops-list-card.tsx';
import { OpsBadge, opsCell, OpsPage } from '../components/ops-page.tsx';
import { ReasonDialog } from '../components/reason-dialog.tsx';
import { useReasonDialog } from '../components/use-reason-dialog.ts';
import { useNoteStuck, useRequery, useStuckMovements, type RequeryAnswer } from './money-api.ts';
import { CustomerCell, MovementCell, WaitingCell } from './money-cells.tsx';

function Actions({
  movement,
  onAnswer,
}: {
  movement: StuckMovement;
  onAnswer: (answer: RequeryAnswer) => void;
}) {
  const requery = useRequery();
  const note = useNoteStuck();
  const noting = useReasonDialog({
    mutation: note,
    variables: (reference: string, reason: string) => ({ reference, reason }),
    doneText: () => 'Note recorded',
  });
  return (
    <div className="flex flex-wrap gap-2">
      <Button
        size="sm"
        isLoading={requery.isPending}
        onClick={() => {
          requery.mutate(movement.reference, {
            onSuccess: onAnswer,
            onError: (error) => toast.error(error.message),
          });
        }}
      >
        Ask the provider
      </Button>
      {movement.escalation === null ? (
        <Button
          size="sm"
          variant="secondary"
          onClick={() => {
            noting.ask(movement.reference);
          }}
        >
          Record a note
        </Button>
      ) : null}
      {noting.choice === null ? null : (
        <ReasonDialog
          {...noting.dialog}
          title="Record an escalation note"
          summary={
            <p>
              For when the provider still cannot say what became of {movement.reference}: what you
              did (a ticket with the provider, a call). Nothing moves; only the provider’s answer
              settles the money.
            </p>
          }
          reasonLabel="Note"
          confirmLabel="Record note"
        />
      )}
    </div>
  );
}

/** /ops/stuck: payouts and bill payments the provider has not settled after 15 minutes. */
export function OpsStuckPage() {
  const stuck = useStuckMovements();
  const [answers, setAnswers] = useState<RequeryAnswer[]>([]);
  const items = stuck.data?.items ?? [];
  const answered = (answer: RequeryAnswer) => {
    setAnswers([answer, ...answers.filter((item) => item.reference !== answer.reference)]);
  };
  return (
    <OpsPage
      title="Stuck payouts and bill payments"
      description="Still pending 15 minutes after they were placed. Ask the provider again: its answer settles the money exactly once. Nobody marks money as sent or failed by hand."
    >
      <div className="space-y-4">
        {answers.length > 0 ? (
          <div role="status" className="space-y-2">
            {answers.map((answer) => (
              <p
                key={answer.reference}
                className="rounded-xl border border-slate-200 bg-white px-4 py-3 text-sm text-slate-800"
              >
                <span className="font-mono text-xs">{answer.reference}</span>:{' '}
                <OpsBadge tone={answer.settled ? 'good' : 'warn'}>{answer.status}</OpsBadge>{' '}
                {answer.answer}
              </p>
            ))}
          </div>
        ) : null}
        <OpsListCard
          list={stuck}
          items={items}
          emptyText="Nothing is stuck: every payout and bill payment was settled within 15 minutes."
          caption="Stuck payouts and bill payments"
          columns={['Movement', 'Customer', 'Amount', 'Waiting', 'Provider', 'Actions']}
          row={(movement) => (
            <tr key={movement.reference}>
              <MovementCell product={movement.product} reference={movement.reference} />
              <CustomerCell id={movement.user_id} />
              <td className={`${opsCell} whitespace-nowrap`}>
                {formatMoneyText(movement.amount, movement.currency)}
                <span className="block text-xs text-slate-500">
                  fee {formatMoneyText(movement.fee, movement.currency)}
                </span>
              </td>
              <WaitingCell minutes={movement.age_minutes} since={movement.created_at} />
              <td className={`${opsCell} max-w-xs`}>
                <OpsBadge tone="warn">{movement.status}</OpsBadge>{' '}
                <span className="text-xs text-slate-500">
                  {movement.attempts} attempt{movement.attempts === 1 ? '' : 's'} · last asked{' '}
                  {formatLagosDateTime(movement.updated_at)}
                </span>
                {movement.last_error ? (
                  <span className="block text-xs text-red-700">{movement.last_error}</span>
                ) : null}
                {movement.escalation ? (
                  <span className="block text-xs text-slate-600">
                    Note by {movement.escalation.operator}: {movement.escalation.note}
                  </span>
                ) : null}
              </td>
              <td className={opsCell}>
                <Actions movement={movement} onAnswer={answered} />
              </td>
            </tr>
          )}
        />
      </div>
    </OpsPage>
  );
}
