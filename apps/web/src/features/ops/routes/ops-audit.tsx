import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { useSearchParams } from 'react-router';
import type { AuditEntry } from '@ajo/contracts/ops';
import { api } from '../../../lib/api-client.ts';
import { formatLagosDateTime } from '../../../lib/dates.ts';
import { opsKey } from '../api/ops-api.ts';
import {
  OpsCard,
  opsCell,
  OpsListState,
  OpsPage,
  OpsPager,
  OpsTable,
} from '../components/ops-page.tsx';

const pageSize = 50;

const describe = (value: unknown) =>
  value === null || value === undefined ? '—' : JSON.stringify(value);

/** /ops/audit: every operator action, newest first, filterable by action or subject. */
export function OpsAuditPage() {
  const [page, setPage] = useState(0);
  const [action, setAction] = useState('');
  const [searchParams] = useSearchParams();
  const [subject, setSubject] = useState(searchParams.get('subject') ?? '');
  const audit = useQuery({
    queryKey: opsKey('audit', page, action, subject),
    queryFn: ({ signal }) =>
      api.get<{ items: AuditEntry[]; total: number }>('/ops/audit', {
        signal,
        query: {
          page,
          size: pageSize,
          action: action.trim() || undefined,
          subject_id: subject.trim() || undefined,
        },
      }),
  });
  const items = audit.data?.items ?? [];
  const total = audit.data?.total ?? 0;
  return (
    <OpsPage
      title="Audit log"
      description="Every operator action, who took it and when, with what it changed. Entries are never changed or removed."
    >
      <div className="mb-4 flex flex-col gap-3 sm:flex-row">
        <label className="flex-1 text-sm text-slate-700">
          Action
          <input
            value={action}
            placeholder="e.g. kyc.approved"
            onChange={(event) => {
              setAction(event.target.value);
              setPage(0);
            }}
            className="mt-1 block h-10 w-full rounded-xl px-3 text-sm ring-1 ring-slate-300 ring-inset focus:ring-2 focus:ring-brand-600 focus:outline-none"
          />
        </label>
        <label className="flex-1 text-sm text-slate-700">
          Subject id
          <input
            value={subject}
            placeholder="A customer, payment or product id"
            onChange={(event) => {
              setSubject(event.target.value);
              setPage(0);
            }}
            className="mt-1 block h-10 w-full rounded-xl px-3 text-sm ring-1 ring-slate-300 ring-inset focus:ring-2 focus:ring-brand-600 focus:outline-none"
          />
        </label>
      </div>
      <OpsCard>
        <OpsListState
          isPending={audit.isPending}
          error={audit.error}
          isEmpty={items.length === 0}
          emptyText="No entries match."
        />
        {items.length > 0 ? (
          <OpsTable
            caption="Audit log"
            columns={['When', 'Operator', 'Action', 'Subject', 'Change', 'Reason']}
          >
            {items.map((entry) => (
              <tr key={entry.id}>
                <td className={`${opsCell} whitespace-nowrap`}>{formatLagosDateTime(entry.at)}</td>
                <td className={opsCell}>{entry.operator?.name ?? '—'}</td>
                <td className={`${opsCell} font-mono text-xs`}>{entry.action}</td>
                <td className={`${opsCell} font-mono text-xs`}>
                  {entry.subject_type ? `${entry.subject_type} ${entry.subject_id ?? ''}` : '—'}
                </td>
                <td className={`${opsCell} max-w-xs font-mono text-xs break-all`}>
                  {entry.before === null ? null : <div>before: {describe(entry.before)}</div>}
                  {entry.after === null ? null : <div>after: {describe(entry.after)}</div>}
                </td>
                <td className={opsCell}>{entry.reason ?? '—'}</td>
              </tr>
            ))}
          </OpsTable>
        ) : null}
      </OpsCard>
      <OpsPager
        page={page}
        pageSize={pageSize}
        total={total}
        emptyText="No entries"
        order="newest first"
        onPage={setPage}
      />
    </OpsPage>
  );
}
