import type { IssuedStatement } from '@ajo/contracts/statements';
import { formatLagosDate, formatLagosDateTime } from '../../../lib/dates.ts';
import { classNames } from '../../../lib/class-names.ts';

const readable = (date: string) => formatLagosDate(`${date}T12:00:00+01:00`);

/** The answer to a check: genuine (and for whom) or not, in words and colour. */
export function VerificationResult({
  ok,
  title,
  detail,
  statement,
}: {
  ok: boolean;
  title: string;
  detail: string;
  statement: IssuedStatement | null;
}) {
  return (
    <section
      role="status"
      aria-live="polite"
      className={classNames(
        'rounded-2xl p-4 ring-1 sm:p-6',
        ok ? 'bg-brand-50 ring-brand-200' : 'bg-red-50 ring-red-200',
      )}
    >
      <h2 className={classNames('text-lg font-semibold', ok ? 'text-brand-800' : 'text-red-800')}>
        {title}
      </h2>
      <p className="mt-1 text-sm text-slate-700">{detail}</p>
      {statement ? (
        <dl className="mt-4 grid grid-cols-[auto_1fr] gap-x-6 gap-y-2 text-sm">
          <dt className="text-slate-600">Account holder</dt>
          <dd className="font-medium text-slate-900">{statement.holder}</dd>
          <dt className="text-slate-600">Period</dt>
          <dd className="font-medium text-slate-900">
            {readable(statement.from)} to {readable(statement.to)}
          </dd>
          <dt className="text-slate-600">Issued</dt>
          <dd className="font-medium text-slate-900">{formatLagosDateTime(statement.issued_at)}</dd>
          <dt className="text-slate-600">Code</dt>
          <dd className="font-mono font-medium text-slate-900">{statement.code}</dd>
        </dl>
      ) : null}
    </section>
  );
}
