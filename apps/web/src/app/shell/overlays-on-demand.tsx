import { lazy, Suspense, useState } from 'react';
import { useSearchParams } from 'react-router';
import { NOTIFICATION_PANEL_ID } from '../../features/notifications/components/notifications-button.tsx';
import { needsVirtualAccount } from '../../features/verification/components/bvn-modal-storage.ts';
import { BVN_PANEL_ID } from '../../lib/bvn-panel.ts';
import { FUND_ACCOUNT_PANEL_ID } from '../../lib/fund-account.ts';
import { useCurrentUser } from '../../lib/current-user.ts';

/*
 * The shell's overlays (the BVN modal, the fund-account and notifications panels) are closed on
 * almost every page view. Their code, and the forms and schemas behind it, loads the first time
 * one is wanted instead of with every signed-in page: a first screen evaluates and renders only
 * what it shows (QUALITY.md: Lighthouse on Home and /wallet).
 */

const BvnModalHost = lazy(async () => ({
  default: (await import('../../features/verification/components/bvn-modal.tsx')).BvnModalHost,
}));
const FundAccountPanel = lazy(async () => ({
  default: (await import('../../features/wallet/components/fund-account-panel.tsx'))
    .FundAccountPanel,
}));
const NotificationsPanel = lazy(async () => ({
  default: (await import('../../features/notifications/components/notifications-panel.tsx'))
    .NotificationsPanel,
}));

/** True from the first render where `wanted` holds: once loaded, an overlay stays mounted. */
function useWantedOnce(wanted: boolean): boolean {
  const [seen, setSeen] = useState(wanted);
  if (wanted && !seen) setSeen(true);
  return seen || wanted;
}

/** `?a=<panelId>` opens a panel (see SidePanel). */
function usePanelWanted(panelId: string): boolean {
  const [searchParams] = useSearchParams();
  return useWantedOnce(searchParams.get('a') === panelId);
}

/** The BVN modal opens by itself while the user has no funding account, or through `?a=bvn`. */
export function BvnModalOnDemand() {
  const { data: user } = useCurrentUser();
  const [searchParams] = useSearchParams();
  const wanted = useWantedOnce(needsVirtualAccount(user) || searchParams.get('a') === BVN_PANEL_ID);
  if (!wanted) return null;
  return (
    <Suspense fallback={null}>
      <BvnModalHost />
    </Suspense>
  );
}

export function FundAccountPanelOnDemand() {
  if (!usePanelWanted(FUND_ACCOUNT_PANEL_ID)) return null;
  return (
    <Suspense fallback={null}>
      <FundAccountPanel />
    </Suspense>
  );
}

export function NotificationsPanelOnDemand() {
  if (!usePanelWanted(NOTIFICATION_PANEL_ID)) return null;
  return (
    <Suspense fallback={null}>
      <NotificationsPanel />
    </Suspense>
  );
}
