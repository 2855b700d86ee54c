import type { TradeSide } from '@ajo/contracts/commodities';

/** The `?a=` value of the buy/sell panel; `commodity` and `side` go with it. */
export const TRADE_PANEL_ID = 'trade';
export const TRADE_PANEL_PARAMS = ['commodity', 'side'] as const;

/** The query string that opens the panel for a commodity and side, keeping the page's own. */
export function tradeSearch(current: URLSearchParams, commodityId: string, side: TradeSide) {
  const next = new URLSearchParams(current);
  next.set('a', TRADE_PANEL_ID);
  next.set('commodity', commodityId);
  next.set('side', side);
  return `?${next.toString()}`;
}
