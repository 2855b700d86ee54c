import { Link } from 'react-router';
import { useOperator } from '../api/ops-api.ts';
import { OpsPage } from '../components/ops-page.tsx';
import { opsNav } from '../ops-nav.ts';

/** /ops: where each of the console's screens is, and what it is for. */
export function OpsOverviewPage() {
  const { data: operator } = useOperator();
  return (
    <OpsPage
      title={`Good day, ${operator?.name.split(' ')[0] ?? 'operator'}`}
      description="Everything you do here is recorded in the audit log with your name. Money corrections need a second operator's approval."
    >
      <ul className="grid gap-4 sm:grid-cols-2 lg:grid-cols-3">
        {opsNav
          .filter((item) => item.path !== '/ops')
          .map((item) => (
            <li key={item.path}>
              <Link
                to={item.path}
                className="block rounded-2xl border border-slate-200 bg-white p-5 text-sm font-semibold text-slate-900 hover:border-brand-300 hover:shadow-sm focus-visible:ring-2 focus-visible:ring-brand-600 focus-visible:outline-none"
              >
                {item.label}
              </Link>
            </li>
          ))}
      </ul>
    </OpsPage>
  );
}
