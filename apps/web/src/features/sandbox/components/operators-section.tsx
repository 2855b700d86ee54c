import { useQuery } from '@tanstack/react-query';
import { Link } from 'react-router';
import { CopyButton } from '../../../components/ui/copy-button.tsx';
import { api } from '../../../lib/api-client.ts';

interface SandboxOperator {
  email: string;
  name: string;
  password: string;
  code: string | null;
  wait_seconds: number;
}

/**
 * Sandbox only: the two seeded operators of the console at /ops, with their passwords and the
 * code their authenticator app would show now (refreshed every few seconds; a code signs in once).
 */
export function OperatorsSection() {
  const operators = useQuery({
    queryKey: ['sandbox', 'operators'],
    queryFn: ({ signal }) =>
      api.get<{ items: SandboxOperator[] }>('/sandbox/operators', { signal }),
    refetchInterval: 5_000,
    select: (data) => data.items,
  });
  return (
    <section
      aria-labelledby="sandbox-operators-heading"
      className="rounded-2xl bg-white p-5 shadow-sm ring-1 ring-slate-900/5 sm:p-6"
    >
      <h2 id="sandbox-operators-heading" className="text-lg font-semibold text-slate-900">
        Operator console
      </h2>
      <p className="mt-1 text-sm leading-6 text-slate-600">
        Sign in to the{' '}
        <Link to="/ops" className="font-medium text-brand-700 underline">
          operator console
        </Link>{' '}
        as either operator. Money corrections one proposes, the other approves.
      </p>
      {operators.isPending ? (
        <p className="mt-4 text-sm text-slate-500">Loading…</p>
      ) : operators.error ? (
        <p role="alert" className="mt-4 text-sm text-red-700">
          {operators.error.message}
        </p>
      ) : (
        <ul className="mt-4 divide-y divide-slate-100">
          {operators.data.map((operator) => (
            <li
              key={operator.email}
              className="grid gap-1 py-3 text-sm sm:grid-cols-4 sm:items-center"
            >
              <span className="font-medium text-slate-900">{operator.name}</span>
              <span className="text-slate-700">{operator.email}</span>
              <span className="font-mono text-slate-700">{operator.password}</span>
              <span className="flex items-center gap-2">
                {operator.code === null ? (
                  <span className="text-slate-500">Next code in {operator.wait_seconds}s</span>
                ) : (
                  <>
                    <span className="font-mono text-base font-semibold tracking-widest text-slate-900">
                      {operator.code}
                    </span>
                    <CopyButton
                      value={operator.code}
                      what={`${operator.name}'s code`}
                      variant="ghost"
                    />
                  </>
                )}
              </span>
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}
