import { Link, useLocation } from 'react-router';
import { BrandLogo } from '../../components/brand/brand-logo.tsx';
import { LogoutIcon, SettingsIcon } from '../../components/ui/icons.tsx';
import { NotificationsButton } from '../../features/notifications/components/notifications-button.tsx';
import { classNames } from '../../lib/class-names.ts';
import { MobileMenu } from './mobile-menu.tsx';
import { NotificationsPanelOnDemand } from './overlays-on-demand.tsx';
import { topBarTitle } from './top-bar-title.ts';

interface TopBarProps {
  /** Without a sidebar the logo stays in the top bar on wide screens too. */
  showBrandOnDesktop?: boolean;
  /** The slide-in menu stands in for the sidebar below 1280 px. */
  showMobileMenu?: boolean;
}

/** Page title, notifications, settings and (on wide screens) sign out. */
export function TopBar({ showBrandOnDesktop = false, showMobileMenu = false }: TopBarProps) {
  const { pathname } = useLocation();
  return (
    <>
      <header className="sticky top-0 z-20 border-b border-slate-200 bg-white/90 backdrop-blur">
        <div className="flex h-16 items-center gap-2 px-4 sm:gap-3 sm:px-6 desktop:px-10">
          {showMobileMenu ? <MobileMenu /> : null}
          <Link
            to="/"
            className={classNames('rounded-lg', !showBrandOnDesktop && 'desktop:hidden')}
            aria-label="Ajo home"
          >
            <BrandLogo compact />
          </Link>
          {/* As wide as its words (the rest of the bar is pushed right): focus, after a change of
              page (app/route-focus.tsx), rings the title and not the empty space beside it. */}
          <h1 className="mr-auto min-w-0 truncate rounded-lg px-1 text-lg font-semibold text-slate-900 sm:text-xl">
            {topBarTitle(pathname)}
          </h1>
          <NotificationsButton />
          <Link
            to="/settings"
            aria-label="Settings"
            className="flex size-10 items-center justify-center rounded-full text-slate-600 hover:bg-slate-100 hover:text-slate-900"
          >
            <SettingsIcon />
          </Link>
          <Link
            to="/logout"
            replace
            className="hidden h-10 items-center gap-2 rounded-xl px-4 text-sm font-semibold text-slate-700 ring-1 ring-slate-200 ring-inset hover:bg-slate-50 desktop:inline-flex"
          >
            <LogoutIcon className="size-4" />
            Logout
          </Link>
        </div>
      </header>
      {/* Outside the header: its backdrop blur would otherwise become the panel's frame. */}
      <NotificationsPanelOnDemand />
    </>
  );
}
