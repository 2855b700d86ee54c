import { Link, useLocation } from 'react-router';
import { classNames } from '../../lib/class-names.ts';
import { navEntries } from './nav-entries.ts';

interface NavLinksProps {
  onNavigate?: () => void;
}

/**
 * A section that is not built yet still opens (its page says so), but the badge tells people
 * before they tap. Screen readers hear "coming soon" after the entry's name.
 */
function SoonBadge() {
  return (
    <>
      <span
        aria-hidden="true"
        className="ml-auto rounded-full bg-sun-300 px-2 py-0.5 text-[0.6875rem] leading-4 font-bold tracking-wide text-sun-900 uppercase"
      >
        Soon
      </span>
      <span className="sr-only"> (coming soon)</span>
    </>
  );
}

/** The eight main entries, highlighted by the current path (shared by sidebar and mobile menu). */
export function NavLinks({ onNavigate }: NavLinksProps) {
  const { pathname } = useLocation();
  return (
    <ul className="space-y-1">
      {navEntries.map((entry) => {
        const active = entry.isActive(pathname);
        const Icon = entry.icon;
        return (
          <li key={entry.to}>
            <Link
              to={entry.to}
              onClick={onNavigate}
              aria-current={active ? 'page' : undefined}
              className={classNames(
                'flex items-center gap-3 rounded-xl px-3 py-2.5 text-sm font-medium transition-colors focus-visible:outline-white',
                active
                  ? 'bg-white text-brand-700 shadow-sm'
                  : 'text-brand-50 hover:bg-brand-600 hover:text-white',
              )}
            >
              <Icon className="size-5 shrink-0" />
              {entry.label}
              {entry.soon ? <SoonBadge /> : null}
            </Link>
          </li>
        );
      })}
    </ul>
  );
}
