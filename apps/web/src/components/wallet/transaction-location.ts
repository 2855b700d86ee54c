import { useLocation, type To } from 'react-router';

/*
 * A transaction's receipt is a side panel of the wallet page, opened by `?a=transaction&id=<id>`
 * like the spec's other panels (section 2: "side panels are opened through the URL query
 * parameter a"). The link can be shared or reloaded, Back closes it, and the history's own
 * filters in the URL stay as they were underneath it.
 */

export const TRANSACTION_PANEL_ID = 'transaction';

/** The query parameter holding the transaction's id; it goes with the panel when it closes. */
export const TRANSACTION_ID_PARAM = 'id';

const WALLET_PATH = '/wallet';

/**
 * The receipt of one transaction: over the wallet page as it is (filters and page kept) when the
 * person is on it, otherwise the wallet page with only the panel open.
 */
export function transactionLocation(transactionId: string, pathname: string, search: string): To {
  const params = new URLSearchParams(pathname === WALLET_PATH ? search : '');
  // The fund-account and notification panels carry a `type`; it is not the receipt's.
  params.delete('type');
  params.set('a', TRANSACTION_PANEL_ID);
  params.set(TRANSACTION_ID_PARAM, transactionId);
  return { pathname: WALLET_PATH, search: `?${params.toString()}` };
}

export function useTransactionLocation(transactionId: string): To {
  const { pathname, search } = useLocation();
  return transactionLocation(transactionId, pathname, search);
}
