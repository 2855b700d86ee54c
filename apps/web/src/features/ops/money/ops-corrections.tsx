import { useId, useState, type SyntheticEvent } from 'react';
import { useSearchParams } from 'react-router';
import {
  CORRECTION_MAX_MAJOR,
  opsMoneyMessages,
  type MoneyCorrection,
} from '@ajo/contracts/ops-money';
import { opsMessages } from '@ajo/contracts/ops';
import type { Currency } from '@ajo/money/currency';
import { formatMoney } from '@ajo/money/format';
import { parseAmount } from '@ajo/money/parse';
import { Button } from '../../../components/ui/button.tsx';
import { FormErrorBanner } from '../../../components/ui/form-error-banner.tsx';
import { ModalDialog } from '../../../components/ui/modal-dialog.tsx';
import { TextField } from '../../../components/ui/text-field.tsx';
import { toast } from '../../../components/ui/toast.ts';
import { formatLagosDateTime } from '../../../lib/dates.ts';
import { formatMoneyText } from '../../../lib/money-text.ts';
import { useOperator } from '../api/ops-api.ts';
import { OpsListCard } from '../components/ops-list-card.tsx';
import { OpsBadge, OpsCard, opsCell, OpsPage } from '../components/ops-page.tsx';
import { OpsShowSelect } from '../components/ops-show-select.tsx';
import { ReasonDialog } from '../components/reason-dialog.tsx';
import { useReasonDialog } from '../components/use-reason-dialog.ts';
import { useCorrections, useDecideCorrection, useProposeCorrection } from './money-api.ts';
import { CustomerCell } from './money-cells.tsx';

const uuidPattern = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
const fieldClass =
  'mt-1.5 block h-11 w-full rounded-xl bg-white px-3 text-sm ring-1 ring-slate-300 ring-inset focus:ring-2 focus:ring-brand-600 focus:outline-none';

interface Draft {
  userId: string;
  currency: Currency;
  direction: 'credit' | 'debit';
  amount: string;
  reason: string;
  relatedReference: string;
}

type DraftErrors = Partial<Record<keyof Draft, string>>;

/** The amount in minor units, or null when it is not an amount above 0. */
function parsedMinor(text: string): bigint | null {
  try {
    return parseAmount(text.trim(), { allowZero: false });
  } catch {
    return null;
  }
}

const correctionCapMinor = BigInt(CORRECTION_MAX_MAJOR) * 100n;

/** The amount in minor units when it may be corrected (an amount, within the cap), else null. */
function amountMinorOf(text: string): bigint | null {
  const minor = parsedMinor(text);
  return minor !== null && minor <= correctionCapMinor ? minor : null;
}

/** What is wrong with the amount: not an amount, or above the cap (said as such). */
function amountProblem(text: string): string | undefined {
  const minor = parsedMinor(text);
  if (minor === null) return opsMoneyMessages.badAmount;
  return minor > correctionCapMinor ? opsMoneyMessages.tooLarge : undefined;
}

function check(draft: Draft): DraftErrors {
  const errors: DraftErrors = {};
  if (!uuidPattern.test(draft.userId.trim())) errors.userId = opsMoneyMessages.badUser;
  const amount = amountProblem(draft.amount);
  if (amount) errors.amount = amount;
  if (draft.reason.trim().length < 5) errors.reason = opsMessages.badReason;
  return errors;
}

/** What the customer's wallet will do, in words and exact money. */
const movementText = (direction: 'credit' | 'debit', amount: string, currency: Currency) =>
  `${direction === 'credit' ? 'Credit' : 'Debit'} ${amount} ${direction === 'credit' ? 'to' : 'from'} the customer's ${currency} wallet`;

function ProposeForm() {
  const [params] = useSearchParams();
  const headingId = useId();
  const reasonId = useId();
  const propose = useProposeCorrection();
  const [draft, setDraft] = useState<Draft>({
    userId: params.get('user') ?? '',
    currency: params.get('currency') === 'USD' ? 'USD' : 'NGN',
    direction: params.get('direction') === 'debit' ? 'debit' : 'credit',
    amount: params.get('amount') ?? '',
    reason: '',
    relatedReference: params.get('reference') ?? '',
  });
  const [errors, setErrors] = useState<DraftErrors>({});
  const [confirming, setConfirming] = useState(false);
  const set = (patch: Partial<Draft>) => {
    setDraft({ ...draft, ...patch });
    setErrors({});
  };
  const amountMinor = amountMinorOf(draft.amount);
  const amountText = amountMinor === null ? '' : formatMoney(amountMinor, draft.currency);

  const submit = (event: SyntheticEvent) => {
    event.preventDefault();
    const found = check(draft);
    setErrors(found);
    if (Object.keys(found).length === 0) {
      propose.reset();
      setConfirming(true);
    }
  };

  return (
    <OpsCard title="Propose a correction">
      <form noValidate onSubmit={submit} className="grid gap-4 p-5 sm:grid-cols-2">
        <TextField
          label="Customer id"
          value={draft.userId}
          placeholder="From the customer's page, e.g. 3f2a…"
          error={errors.userId}
          autoComplete="off"
          onChange={(event) => {
            set({ userId: event.target.value });
          }}
        />
        <TextField
          label="Related reference (optional)"
          value={draft.relatedReference}
          placeholder="The movement it corrects, e.g. AJO-DEP-…"
          autoComplete="off"
          onChange={(event) => {
            set({ relatedReference: event.target.value });
          }}
        />
        <fieldset>
          <legend className="block text-sm font-medium text-slate-700">Direction</legend>
          <div className="mt-1.5 flex gap-4">
            {(['credit', 'debit'] as const).map((direction) => (
              <label
                key={direction}
                className="flex h-11 items-center gap-2 text-sm text-slate-800"
              >
                <input
                  type="radio"
                  name="direction"
                  value={direction}
                  checked={draft.direction === direction}
                  onChange={() => {
                    set({ direction });
                  }}
                />
                {direction === 'credit' ? 'Credit the wallet' : 'Debit the wallet'}
              </label>
            ))}
          </div>
        </fieldset>
        <div className="grid grid-cols-[7rem_1fr] gap-3">
          <label className="block text-sm font-medium text-slate-700">
            Currency
            <select
              value={draft.currency}
              onChange={(event) => {
                set({ currency: event.target.value === 'USD' ? 'USD' : 'NGN' });
              }}
              className={fieldClass}
            >
              <option value="NGN">NGN</option>
              <option value="USD">USD</option>
            </select>
          </label>
          <TextField
            label="Amount"
            inputMode="decimal"
            value={draft.amount}
            placeholder="0.00"
            error={errors.amount}
            autoComplete="off"
            onChange={(event) => {
              set({ amount: event.target.value });
            }}
          />
        </div>
        <div className="sm:col-span-2">
          <label htmlFor={reasonId} className="block text-sm font-medium text-slate-700">
            Reason (the customer sees it as “Correction: …”)
          </label>
          <textarea
            id={reasonId}
            rows={2}
            value={draft.reason}
            aria-invalid={errors.reason ? true : undefined}
            aria-describedby={errors.reason ? `${reasonId}-error` : undefined}
            onChange={(event) => {
              set({ reason: event.target.value });
            }}
            className="mt-1.5 w-full rounded-xl px-3.5 py-2.5 text-sm ring-1 ring-slate-300 ring-inset focus:ring-2 focus:ring-brand-600 focus:outline-none"
          />
          {errors.reason ? (
            <p id={`${reasonId}-error`} className="mt-1.5 text-sm text-red-600">
              {errors.reason}
            </p>
          ) : null}
        </div>
        <div className="flex flex-col gap-3 sm:col-span-2 sm:flex-row sm:items-center sm:justify-between">
          <p className="text-sm text-slate-600">
            Nothing moves until a different operator approves it.
          </p>
          <Button type="submit">Review the correction</Button>
        </div>
      </form>
      <ModalDialog
        open={confirming}
        onRequestClose={() => {
          setConfirming(false);
        }}
        labelledBy={headingId}
      >
        <div className="space-y-4 p-6">
          <h2 id={headingId} className="text-lg font-semibold text-slate-900">
            Propose this correction?
          </h2>
          <p className="rounded-xl bg-slate-50 p-4 text-base font-semibold text-slate-900">
            {movementText(draft.direction, amountText, draft.currency)}
          </p>
          <dl className="grid grid-cols-[8rem_1fr] gap-x-3 gap-y-1 text-sm">
            <dt className="text-slate-500">Customer id</dt>
            <dd className="font-mono text-xs break-all text-slate-800">{draft.userId.trim()}</dd>
            <dt className="text-slate-500">Customer sees</dt>
            <dd className="text-slate-800">Correction: {draft.reason.trim()}</dd>
            {draft.relatedReference.trim() ? (
              <>
                <dt className="text-slate-500">Corrects</dt>
                <dd className="font-mono text-xs text-slate-800">
                  {draft.relatedReference.trim()}
                </dd>
              </>
            ) : null}
          </dl>
          <p className="text-sm text-slate-600">
            It waits for another operator to approve it. You cannot approve your own.
          </p>
          <FormErrorBanner message={propose.error?.message ?? null} />
          <div className="flex flex-col-reverse gap-3 sm:flex-row sm:justify-end">
            <Button
              variant="secondary"
              onClick={() => {
                setConfirming(false);
              }}
            >
              Cancel
            </Button>
            <Button
              isLoading={propose.isPending}
              data-autofocus
              onClick={() => {
                propose.mutate(
                  {
                    user_id: draft.userId.trim(),
                    currency: draft.currency,
                    direction: draft.direction,
                    amount: draft.amount.trim(),
                    reason: draft.reason.trim(),
                    ...(draft.relatedReference.trim()
                      ? { related_reference: draft.relatedReference.trim() }
                      : {}),
                  },
                  {
                    onSuccess: () => {
                      toast.success('Correction proposed: it now needs another operator');
                      setConfirming(false);
                      setDraft({ ...draft, amount: '', reason: '', relatedReference: '' });
                    },
                  },
                );
              }}
            >
              Propose {draft.direction}
            </Button>
          </div>
        </div>
      </ModalDialog>
    </OpsCard>
  );
}

const statusTones = { proposed: 'warn', approved: 'good', rejected: 'neutral' } as const;
const statusLabel = { proposed: 'Waiting', approved: 'Approved', rejected: 'Rejected' } as const;

const statusOptions: readonly { value: MoneyCorrection['status'] | ''; label: string }[] = [
  { value: '', label: 'All' },
  { value: 'proposed', label: 'Waiting for approval' },
  { value: 'approved', label: 'Approved' },
  { value: 'rejected', label: 'Rejected' },
];

function DecisionCell({ correction }: { correction: MoneyCorrection }) {
  const decide = useDecideCorrection();
  const decision = useReasonDialog({
    mutation: decide,
    variables: (verdict: 'approve' | 'reject', reason: string) => ({
      id: correction.id,
      verdict,
      reason,
    }),
    doneText: (verdict) => (verdict === 'approve' ? 'Correction posted' : 'Correction rejected'),
  });
  const open = decision.choice;
  const amount = formatMoneyText(correction.amount, correction.currency);
  if (correction.status !== 'proposed') {
    return (
      <span className="text-sm text-slate-600">
        {correction.status === 'approved' ? 'Approved' : 'Rejected'} by{' '}
        {correction.decided_by?.name ?? '—'}
        {correction.decision_note ? `: ${correction.decision_note}` : ''}
        {correction.transaction_reference ? (
          <span className="block font-mono text-xs">{correction.transaction_reference}</span>
        ) : null}
      </span>
    );
  }
  if (!correction.can_decide) {
    return (
      <span className="text-sm text-slate-600">
        You proposed this: another operator must approve or reject it.
      </span>
    );
  }
  return (
    <div className="flex gap-2">
      <Button
        size="sm"
        onClick={() => {
          decision.ask('approve');
        }}
      >
        Approve
      </Button>
      <Button
        size="sm"
        variant="secondary"
        onClick={() => {
          decision.ask('reject');
        }}
      >
        Reject
      </Button>
      {open ? (
        <ReasonDialog
          key={open}
          {...decision.dialog}
          title={
            open === 'approve' ? 'Approve and post this correction?' : 'Reject this correction?'
          }
          summary={
            <p>
              {open === 'approve'
                ? `${movementText(correction.direction, amount, correction.currency)} now, through the ledger. The customer is notified.`
                : `Nothing moves. ${correction.proposed_by.name} sees your reason.`}
            </p>
          }
          confirmLabel={open === 'approve' ? `Approve ${correction.direction}` : 'Reject'}
          tone={open === 'approve' ? 'primary' : 'danger'}
        />
      ) : null}
    </div>
  );
}

/** /ops/corrections: money corrections under maker-checker. */
export function OpsCorrectionsPage() {
  const [status, setStatus] = useState<MoneyCorrection['status'] | ''>('');
  const corrections = useCorrections(status);
  const operator = useOperator();
  const items = corrections.data?.items ?? [];
  return (
    <OpsPage
      title="Money corrections"
      description="No operator moves money directly: one operator proposes a correction, a different one approves it, and it posts through the ledger with an audit entry."
    >
      <div className="space-y-6">
        <ProposeForm />
        <OpsListCard
          title="Corrections"
          toolbar={
            <div className="border-b border-slate-100 px-5 py-3">
              <OpsShowSelect value={status} options={statusOptions} onChange={setStatus} />
            </div>
          }
          list={corrections}
          items={items}
          emptyText="No corrections."
          caption="Money corrections"
          columns={['Proposed', 'Customer', 'Movement', 'Reason', 'Status', 'Decision']}
          row={(correction) => (
            <tr key={correction.id}>
              <td className={`${opsCell} whitespace-nowrap`}>
                {formatLagosDateTime(correction.proposed_at)}
                <span className="block text-xs text-slate-500">
                  by {correction.proposed_by.name}
                  {correction.proposed_by.id === operator.data?.id ? ' (you)' : ''}
                </span>
              </td>
              <CustomerCell id={correction.user_id} />
              <td className={`${opsCell} whitespace-nowrap font-medium`}>
                {correction.direction === 'credit' ? '+' : '\u2212'}
                {formatMoneyText(correction.amount, correction.currency)}
                <span className="block text-xs font-normal text-slate-500">
                  {correction.direction === 'credit' ? 'Credit' : 'Debit'}
                  {correction.related_reference ? ` · ${correction.related_reference}` : ''}
                </span>
              </td>
              <td className={opsCell}>{correction.reason}</td>
              <td className={opsCell}>
                <OpsBadge tone={statusTones[correction.status]}>
                  {statusLabel[correction.status]}
                </OpsBadge>
              </td>
              <td className={opsCell}>
                <DecisionCell correction={correction} />
              </td>
            </tr>
          )}
        />
      </div>
    </OpsPage>
  );
}
