import type { CardQuotePurpose } from '@ajo/contracts/cards';

/** The `?a=` value of each money panel on /dollar-cards. */
export const cardPanelIds: Record<CardQuotePurpose, string> = {
  create: 'create-card',
  fund: 'fund-card',
  withdraw: 'withdraw-card',
};

/** The current search with a money panel opened on top, so Back closes it again. */
export function cardPanelSearch(search: string, purpose: CardQuotePurpose): string {
  const params = new URLSearchParams(search);
  params.set('a', cardPanelIds[purpose]);
  return `?${params.toString()}`;
}
