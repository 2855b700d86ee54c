import { useMutation, useQuery } from '@tanstack/react-query';
import { useState, type SubmitEvent } from 'react';
import type {
  LedgerCheckReport,
  ReconciliationLine,
  ReconciliationReport,
} from '@ajo/contracts/ops-customers';
import { Button } from '../../../components/ui/button.tsx';
import { api } from '../../../lib/api-client.ts';
import { formatLagosDateTime, lagosToday } from '../../../lib/dates.ts';
import { formatMoneyText } from '../../../lib/money-text.ts';
import { opsKey } from '../api/ops-api.ts';
import {
  OpsBadge,
  OpsCard,
  opsCell,
  opsInputClass,
  OpsLoadState,
  OpsPage,
  OpsTable,
} from '../components/ops-page.tsx';

const mismatchText = {
  ours_only: 'Ours only',
  theirs_only: 'Theirs only',
  amount_differs: 'Amount differs',
  status_differs: 'Outcome differs',
} as const;

/** "1 entry", "12,034 entries". */
const counted = (count: number, one: string, many = `${one}s`) =>
  `${count.toLocaleString('en-NG')} ${count === 1 ? one : many}`;

function LedgerCheck() {
  const check = useMutation({
    mutationFn: () => api.get<LedgerCheckReport>('/ops/ledger/check'),
  });
  const report = check.data;
  return (
    <OpsCard title="Ledger check">
      <div className="flex flex-col gap-4 px-5 py-4">
        <div className="flex flex-col gap-3 sm:flex-row sm:items-center sm:justify-between">
          <p className="max-w-2xl text-sm text-slate-600">
            Recomputes every balance from its postings and every held amount from the pending holds,
            and checks that every journal entry balances and the savings plans agree with the
            ledger.
          </p>
          <Button
            isLoading={check.isPending}
            onClick={() => {
              check.mutate();
            }}
          >
            {report ? 'Run again' : 'Run the check'}
          </Button>
        </div>
        {check.error ? (
          <p role="alert" className="text-sm text-red-700">
            {check.error.message}
          </p>
        ) : null}
        {report ? (
          <div
            role="status"
            className={`rounded-xl border px-4 py-3 ${report.ok ? 'border-emerald-200 bg-emerald-50' : 'border-red-200 bg-red-50'}`}
          >
            <p
              className={`text-base font-semibold ${report.ok ? 'text-emerald-800' : 'text-red-800'}`}
            >
              {report.ok
                ? 'The ledger checks: every balance equals its postings.'
                : `The ledger check failed: ${String(report.problems.length)} problem${report.problems.length === 1 ? '' : 's'}.`}
            </p>
            <p className="mt-1 text-sm text-slate-600">
              {`${counted(report.counts.accounts, 'account')}, ${counted(report.counts.entries, 'entry', 'entries')}, ${counted(report.counts.postings, 'posting')}, ${counted(report.counts.pending_holds, 'pending hold')} · checked ${formatLagosDateTime(report.checked_at, { seconds: true })}`}
            </p>
          </div>
        ) : null}
      </div>
      {report && report.problems.length > 0 ? (
        <OpsTable caption="Ledger problems" columns={['Problem', 'Subject', 'Detail']}>
          {report.problems.map((problem, index) => (
            <tr key={`${problem.kind}-${problem.subject}-${String(index)}`}>
              <td className={opsCell}>
                <OpsBadge tone="bad">{problem.kind.replaceAll('_', ' ')}</OpsBadge>
              </td>
              <td className={`${opsCell} font-mono text-xs break-all`}>{problem.subject}</td>
              <td className={opsCell}>{problem.detail}</td>
            </tr>
          ))}
        </OpsTable>
      ) : null}
    </OpsCard>
  );
}

const countText = (side: { count: number; total: string } | null) =>
  side === null ? '—' : `${String(side.count)} · ${formatMoneyText(side.total)}`;

function ReconciliationLineCard({ line }: { line: ReconciliationLine }) {
  return (
    <li className="border-t border-slate-100 first:border-t-0">
      <div className="flex flex-col gap-3 px-5 py-4 md:flex-row md:items-start md:justify-between">
        <div>
          <p className="text-sm font-semibold text-slate-900">{line.label}</p>
          <p className="text-xs text-slate-500">
            Provider: {line.provider} · {line.currency}
          </p>
          {line.note === null ? null : (
            <p className="mt-1 max-w-xl text-xs text-slate-500">{line.note}</p>
          )}
        </div>
        <dl className="grid grid-cols-2 gap-x-6 gap-y-1 text-sm sm:grid-cols-4">
          <div>
            <dt className="text-xs text-slate-500">Ours</dt>
            <dd className="font-medium whitespace-nowrap text-slate-900">{countText(line.ours)}</dd>
          </div>
          <div>
            <dt className="text-xs text-slate-500">Provider</dt>
            <dd className="font-medium whitespace-nowrap text-slate-900">
              {line.report_available ? countText(line.theirs) : 'Not available'}
            </dd>
          </div>
          <div>
            <dt className="text-xs text-slate-500">Pending · flagged</dt>
            <dd className="font-medium text-slate-900">{`${String(line.pending)} · ${String(line.flagged)}`}</dd>
          </div>
          <div>
            <dt className="text-xs text-slate-500">Result</dt>
            <dd>
              {!line.report_available ? (
                <OpsBadge>Our side only</OpsBadge>
              ) : line.matched ? (
                <OpsBadge tone="good">Matched</OpsBadge>
              ) : (
                <OpsBadge tone="bad">
                  {`${String(line.mismatches.length)} mismatch${line.mismatches.length === 1 ? '' : 'es'}`}
                </OpsBadge>
              )}
            </dd>
          </div>
        </dl>
      </div>
      {line.mismatches.length > 0 ? (
        <OpsTable
          caption={`Mismatches: ${line.label}`}
          columns={['Reference', 'Kind', 'Ours', 'Provider']}
        >
          {line.mismatches.map((mismatch) => (
            <tr key={`${mismatch.reference}-${mismatch.kind}`}>
              <td className={`${opsCell} font-mono text-xs break-all`}>{mismatch.reference}</td>
              <td className={opsCell}>
                <OpsBadge tone="bad">{mismatchText[mismatch.kind]}</OpsBadge>
              </td>
              <td className={opsCell}>
                {mismatch.ours
                  ? `${formatMoneyText(mismatch.ours.amount)} (${mismatch.ours.status})`
                  : '—'}
              </td>
              <td className={opsCell}>
                {mismatch.theirs
                  ? `${formatMoneyText(mismatch.theirs.amount)} (${mismatch.theirs.status})`
                  : '—'}
              </td>
            </tr>
          ))}
        </OpsTable>
      ) : null}
    </li>
  );
}

function Reconciliation() {
  const [draft, setDraft] = useState(() => lagosToday());
  const [date, setDate] = useState<string | null>(null);
  const report = useQuery({
    queryKey: opsKey('reconciliation', date),
    queryFn: ({ signal }) =>
      api.get<ReconciliationReport>('/ops/reconciliation', {
        signal,
        query: { date: date ?? undefined },
      }),
    enabled: date !== null,
    staleTime: 30_000,
    refetchOnWindowFocus: false,
    retry: false,
  });
  const submit = (event: SubmitEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (/^\d{4}-\d{2}-\d{2}$/.test(draft)) {
      setDate(draft);
      if (draft === date) void report.refetch();
    }
  };
  const data = report.data;
  return (
    <OpsCard title="Reconciliation">
      <form onSubmit={submit} className="flex flex-col gap-3 px-5 py-4 sm:flex-row sm:items-end">
        <label className="text-sm text-slate-700">
          Business day (Lagos)
          <input
            type="date"
            required
            value={draft}
            max={lagosToday()}
            onChange={(event) => {
              setDraft(event.target.value);
            }}
            className={`${opsInputClass} sm:w-48`}
          />
        </label>
        <Button type="submit" variant="secondary" isLoading={report.isFetching}>
          Reconcile
        </Button>
        <p className="text-xs text-slate-500 sm:ml-2 sm:self-center">
          Our successful movements of the day against each provider&apos;s own record, by reference.
        </p>
      </form>
      {date === null ? null : data ? (
        <>
          <div
            role="status"
            className={`mx-5 mb-4 rounded-xl border px-4 py-3 text-sm font-semibold ${data.ok ? 'border-emerald-200 bg-emerald-50 text-emerald-800' : 'border-red-200 bg-red-50 text-red-800'}`}
          >
            {data.ok
              ? `${data.date}: every provider report we hold matches ours.`
              : `${data.date}: some movements do not match; see the references below.`}
          </div>
          <ul className="border-t border-slate-200">
            {data.lines.map((line) => (
              <ReconciliationLineCard key={line.key} line={line} />
            ))}
          </ul>
        </>
      ) : (
        <OpsLoadState isPending={report.isPending} error={report.error} />
      )}
    </OpsCard>
  );
}

/** /ops/ledger: the ledger check and the daily reconciliation with the providers. */
export function OpsLedgerPage() {
  return (
    <OpsPage
      title="Ledger & reconciliation"
      description="Check that the books balance, and that each day's money in and out agrees with the providers. Each run is recorded in the audit log."
    >
      <div className="flex flex-col gap-4">
        <LedgerCheck />
        <Reconciliation />
      </div>
    </OpsPage>
  );
}
