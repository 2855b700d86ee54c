import { Link, useLocation } from 'react-router';
import { classNames } from '../../lib/class-names.ts';
import { navEntries } from './nav-entries.ts';

interface NavLinksProps {
  onNavigate?: () => void;
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
            </Link>
          </li>
        );
      })}
    </ul>
  );
}
