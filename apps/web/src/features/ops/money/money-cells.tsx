import { Link } from 'react-router';
import { formatLagosDateTime } from '../../../lib/dates.ts';
import { opsCell } from '../components/ops-page.tsx';
import { formatMinutes, productLabel } from './money-api.ts';

/** A customer named by id only (the money screens show nobody's personal data), linking to their page. */
export function CustomerCell({ id }: { id: string }) {
  return (
    <td className={opsCell}>
      <Link
        to={`/ops/customers/${encodeURIComponent(id)}`}
        className="font-mono text-xs break-all text-brand-700 underline-offset-2 hover:underline focus-visible:underline"
      >
        {id}
      </Link>
    </td>
  );
}

/** A movement of money by what it was ("Withdrawal", "Bill: airtime") and its reference. */
export function MovementCell({ product, reference }: { product: string; reference: string }) {
  return (
    <td className={opsCell}>
      <span className="font-medium text-slate-900">{productLabel(product)}</span>
      <span className="block font-mono text-xs">{reference}</span>
    </td>
  );
}

/** How long something has waited for a person, and since when. */
export function WaitingCell({ minutes, since }: { minutes: number; since: string }) {
  return (
    <td className={`${opsCell} whitespace-nowrap`}>
      {formatMinutes(minutes)}
      <span className="block text-xs text-slate-500">since {formatLagosDateTime(since)}</span>
    </td>
  );
}
