import { useLocation, type To } from 'react-router';

/** The side panel's id in `?a=` (spec section 2): `?a=fund account` opens it on any shell page. */
export const FUND_ACCOUNT_PANEL_ID = 'fund account';

/** Which way of funding the panel shows first, carried in the panel's optional `type`. */
export type FundingMethod = 'transfer' | 'card';

export function isFundingMethod(value: string | null): value is FundingMethod {
  return value === 'transfer' || value === 'card';
}

/** The current page with the fund-account panel opened on top, so Back closes it again. */
export function fundAccountLocation(pathname: string, search: string, method?: FundingMethod): To {
  const params = new URLSearchParams(search);
  params.set('a', FUND_ACCOUNT_PANEL_ID);
  if (method) params.set('type', method);
  else params.delete('type');
  return { pathname, search: `?${params.toString()}` };
}

/** A link target that opens the fund-account panel over the page the person is on. */
export function useFundAccountLocation(method?: FundingMethod): To {
  const { pathname, search } = useLocation();
  return fundAccountLocation(pathname, search, method);
}
