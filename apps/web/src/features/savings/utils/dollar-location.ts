/** The Dollar Investments page. */
export const DOLLAR_INVESTMENTS_PATH = '/savings/dollar';

/** The Top Up panel's id in `?a=` (see SidePanel). */
export const DOLLAR_PANEL_ID = 'dollar';

/** The page with the Top Up panel open on top, so Back closes it again. */
export function dollarPanelSearch(search = ''): string {
  const params = new URLSearchParams(search);
  params.set('a', DOLLAR_PANEL_ID);
  return `?${params.toString()}`;
}
