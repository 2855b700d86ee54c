import { lazy, Suspense } from 'react';
import { SidePanel } from '../../../components/ui/side-panel.tsx';
import { Spinner } from '../../../components/ui/spinner.tsx';
import { FUND_ACCOUNT_PANEL_ID, FUND_AMOUNT_PARAM } from '../../../lib/fund-account.ts';

/* The panel's insides (account details, the card form, the money package) load on first open. */
const FundAccountContent = lazy(async () => ({
  default: (await import('./fund-account-content.tsx')).FundAccountContent,
}));

function PanelFallback() {
  return (
    <div className="flex justify-center py-16 text-brand-600">
      <Spinner label="Loading" />
    </div>
  );
}

/**
 * The "fund account" side panel, opened by `?a=fund account` from any signed-in page (see
 * SidePanel). Closing removes `a` (and its `type`) from the URL.
 */
export function FundAccountPanel() {
  return (
    <SidePanel
      panelId={FUND_ACCOUNT_PANEL_ID}
      title="Fund your wallet"
      closeLabel="Close fund wallet"
      clearsParams={['type', FUND_AMOUNT_PARAM]}
    >
      {() => (
        <Suspense fallback={<PanelFallback />}>
          <FundAccountContent />
        </Suspense>
      )}
    </SidePanel>
  );
}
