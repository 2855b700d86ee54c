import { useLocation, type To } from 'react-router';

/** The withdraw side panel's id in `?a=`, beside the fund-account panel's. */
export const WITHDRAW_PANEL_ID = 'withdraw';

/** The current page with the withdraw panel opened on top, so Back closes it again. */
export function useWithdrawLocation(): To {
  const { pathname, search } = useLocation();
  const params = new URLSearchParams(search);
  params.set('a', WITHDRAW_PANEL_ID);
  return { pathname, search: `?${params.toString()}` };
}
