import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { useSearchParams } from 'react-router';
import type { AuditEntry } from '@ajo/contracts/ops';
import { api } from '../../../lib/api-client.ts';
import { formatLagosDateTime } from '../../../lib/dates.ts';
import { opsKey } from '../api/ops-api.ts';
import { OpsListCard } from '../components/ops-list-card.tsx';
import { opsCell, opsInputClass, OpsPage, OpsPager } from '../components/ops-page.tsx';

const pageSize = 50;

const describe = (value: unknown) =>
  value === null || value === undefined ? '—' : JSON.stringify(value);

/** One of the log's filters: typing in it goes back to the newest entries. */
function FilterField({
  label,
  value,
  placeholder,
  onChange,
}: {
  label: string;
  value: string;
  placeholder: string;
  onChange: (value: string) => void;
}) {
  return (
    <label className="flex-1 text-sm text-slate-700">
      {label}
      <input
        value={value}
        placeholder={placeholder}
        onChange={(event) => {
          onChange(event.target.value);
        }}
        className={opsInputClass}
      />
    </label>
  );
}

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
        <FilterField
          label="Action"
          value={action}
          placeholder="e.g. kyc.approved"
          onChange={(value) => {
            setAction(value);
            setPage(0);
          }}
        />
        <FilterField
          label="Subject id"
          value={subject}
          placeholder="A customer, payment or product id"
          onChange={(value) => {
            setSubject(value);
            setPage(0);
          }}
        />
      </div>
      <OpsListCard
        list={audit}
        items={items}
        emptyText="No entries match."
        caption="Audit log"
        columns={['When', 'Operator', 'Action', 'Subject', 'Change', 'Reason']}
        row={(entry) => (
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
        )}
      />
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
