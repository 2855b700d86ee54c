/** Every commodity read lives under this key, so a trade refreshes them all at once. */
export const commoditiesQueryKey = ['commodities'] as const;
