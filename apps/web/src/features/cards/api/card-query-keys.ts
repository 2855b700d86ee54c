/** Every card read lives under this key, so a movement refreshes them all at once. */
export const cardsQueryKey = ['cards'] as const;

/** Quotes are kept apart: each request stores a new quote, so a refresh must not ask for one. */
export const cardQuotesQueryKey = ['card-quote'] as const;
