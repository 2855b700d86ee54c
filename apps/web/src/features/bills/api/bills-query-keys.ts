/*
 * Every bills read starts with ['bills'], so a payment can refresh them all at once. The
 * catalogue (billers, plans) changes rarely; what the person paid changes with every payment.
 */
export const billsQueryKey = ['bills'] as const;
export const billPaymentsQueryKey = [...billsQueryKey, 'payments'] as const;
export const billRecipientsQueryKey = [...billsQueryKey, 'recipients'] as const;

/** Billers and plans are the catalogue: read once a visit. */
export const CATALOGUE_STALE_TIME_MS = 10 * 60_000;
