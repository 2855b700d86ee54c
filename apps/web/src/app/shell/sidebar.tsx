import { useSyncExternalStore } from 'react';
import { Link } from 'react-router';
import { BrandLogo } from '../../components/brand/brand-logo.tsx';
import { NavLinks } from './nav-links.tsx';
import { UserBadge } from './user-badge.tsx';

/** The `desktop` breakpoint of app.css (`--breakpoint-desktop`): where the sidebar shows. */
const desktopQuery = '(min-width: 80rem)';

function subscribeToDesktop(onChange: () => void): () => void {
  const query = window.matchMedia(desktopQuery);
  query.addEventListener('change', onChange);
  return () => {
    query.removeEventListener('change', onChange);
  };
}

function useIsDesktop(): boolean {
  return useSyncExternalStore(subscribeToDesktop, () => window.matchMedia(desktopQuery).matches);
}

/**
 * The blue navigation column of wide screens (1280 px and up). Narrower screens do not render it
 * at all rather than hide it: it was a fifth of a phone's first screen's elements, rendered for
 * nothing (docs/bench.md, row l); the mobile menu stands in for it there.
 */
export function Sidebar() {
  if (!useIsDesktop()) return null;
  return (
    <aside className="fixed inset-y-0 left-0 z-30 hidden w-sidebar flex-col bg-brand-700 px-4 py-6 text-white desktop:flex">
      <Link to="/" className="self-start rounded-lg px-2 py-1" aria-label="Ajo home">
        <BrandLogo tone="onBrand" />
      </Link>
      <div className="mt-8">
        <UserBadge />
      </div>
      <nav aria-label="Main" className="mt-6 flex-1">
        <NavLinks />
      </nav>
      <p className="px-3 text-xs leading-5 text-brand-100">Investment made easy.</p>
    </aside>
  );
}
