import { useLocation, type To } from 'react-router';

/** The side panel's id in `?a=` (spec section 2): `?a=fund account` opens it on any shell page. */
export const FUND_ACCOUNT_PANEL_ID = 'fund account';

/** Which way of funding the panel shows first, carried in the panel's optional `type`. */
export type FundingMethod = 'transfer' | 'card';

export function isFundingMethod(value: string | null): value is FundingMethod {
  return value === 'transfer' || value === 'card';
}

/** The panel's optional `amount`: a card top-up's amount to start from ("2000.00"). */
export const FUND_AMOUNT_PARAM = 'amount';

/**
 * The current page with the fund-account panel opened on top, so Back closes it again; `amount`
 * fills the card top-up's box (a retry after a failed payment).
 */
export function fundAccountLocation(
  pathname: string,
  search: string,
  method?: FundingMethod,
  amount?: string,
): To {
  const params = new URLSearchParams(search);
  params.set('a', FUND_ACCOUNT_PANEL_ID);
  if (method) params.set('type', method);
  else params.delete('type');
  if (amount) params.set(FUND_AMOUNT_PARAM, amount);
  else params.delete(FUND_AMOUNT_PARAM);
  return { pathname, search: `?${params.toString()}` };
}

/** A link target that opens the fund-account panel over the page the person is on. */
export function useFundAccountLocation(method?: FundingMethod): To {
  const { pathname, search } = useLocation();
  return fundAccountLocation(pathname, search, method);
}
