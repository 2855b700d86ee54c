import { Link, type To } from 'react-router';
import { ChevronLeftIcon } from './savings-icons.tsx';

/** The way back up from a savings page: a chevron and the name of the page it returns to. */
export function SavingsBackLink({ to, label }: { to: To; label: string }) {
  return (
    <Link
      to={to}
      className="inline-flex items-center gap-1 rounded text-sm font-semibold text-brand-700 hover:underline"
    >
      <ChevronLeftIcon className="size-4" />
      {label}
    </Link>
  );
}
