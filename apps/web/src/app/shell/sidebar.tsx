import { Link } from 'react-router';
import { BrandLogo } from '../../components/brand/brand-logo.tsx';
import { NavLinks } from './nav-links.tsx';
import { UserBadge } from './user-badge.tsx';

/** The blue navigation column of wide screens (1280 px and up). */
export function Sidebar() {
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
