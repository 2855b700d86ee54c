import { SidePanel } from '../../../components/ui/side-panel.tsx';
import { WITHDRAW_PANEL_ID } from '../utils/withdraw-location.ts';
import { WithdrawContent } from './withdraw-content.tsx';

/**
 * The "withdraw" side panel, opened by `?a=withdraw` on the wallet page (see SidePanel). Closing,
 * or finishing a withdrawal, removes `a` from the URL.
 */
export function WithdrawPanel() {
  return (
    <SidePanel
      panelId={WITHDRAW_PANEL_ID}
      title="Withdraw to your bank"
      closeLabel="Close withdraw"
    >
      {(close) => <WithdrawContent onDone={close} />}
    </SidePanel>
  );
}
