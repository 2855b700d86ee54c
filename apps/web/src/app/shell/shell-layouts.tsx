import type { ReactNode } from 'react';
import { Outlet } from 'react-router';
import { BvnModalOnDemand, FundAccountPanelOnDemand } from './overlays-on-demand.tsx';
import { ProcessingOverlay } from './processing-overlay.tsx';
import { Sidebar } from './sidebar.tsx';
import { TopBar } from './top-bar.tsx';

const MAIN_CONTENT_ID = 'main-content';

function SkipToContent() {
  return (
    <a
      href={`#${MAIN_CONTENT_ID}`}
      className="sr-only rounded-lg bg-white px-4 py-2 text-sm font-semibold text-brand-700 shadow focus:not-sr-only focus:fixed focus:top-3 focus:left-3 focus:z-50"
    >
      Skip to content
    </a>
  );
}

function MainContent({ children }: { children: ReactNode }) {
  return (
    <main
      id={MAIN_CONTENT_ID}
      className="mx-auto w-full max-w-6xl flex-1 px-4 py-6 sm:px-6 sm:py-8 desktop:px-10"
    >
      {children}
    </main>
  );
}

/**
 * What every signed-in page with the shell carries: the BVN modal, the fund-account panel and the
 * "Processing..." overlay of the layout's page-loader flag.
 */
function SignedInOverlays() {
  return (
    <>
      <BvnModalOnDemand />
      <FundAccountPanelOnDemand />
      <ProcessingOverlay />
    </>
  );
}

/** Top bar and sidebar: Home, Wallet, Savings and the other main sections. */
export function SidebarLayout() {
  return (
    <div className="min-h-dvh desktop:pl-sidebar">
      <SkipToContent />
      <Sidebar />
      <div className="flex min-h-dvh flex-col">
        <TopBar showMobileMenu />
        <MainContent>
          <Outlet />
        </MainContent>
      </div>
      <SignedInOverlays />
    </div>
  );
}

/** Top bar without the sidebar: settings. */
export function TopBarLayout() {
  return (
    <div className="flex min-h-dvh flex-col">
      <SkipToContent />
      <TopBar showBrandOnDesktop />
      <MainContent>
        <Outlet />
      </MainContent>
      <SignedInOverlays />
    </div>
  );
}
