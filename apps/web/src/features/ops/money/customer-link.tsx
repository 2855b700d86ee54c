import { Link } from 'react-router';

/** A customer named by id only (the money screens show nobody's personal data), linking to their page. */
export function CustomerLink({ id }: { id: string }) {
  return (
    <Link
      to={`/ops/customers/${encodeURIComponent(id)}`}
      className="font-mono text-xs break-all text-brand-700 underline-offset-2 hover:underline focus-visible:underline"
    >
      {id}
    </Link>
  );
}
