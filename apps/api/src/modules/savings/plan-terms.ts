import { createHash } from 'node:crypto';

/**
 * What a savings request with an Idempotency-Key is named by: the same user and key always name
 * the same plan or movement, and the prefix keeps products apart.
 */
export const referenceForKey = (prefix: string, userId: string, key: string) =>
  `${prefix}-${createHash('sha256').update(`${prefix}:${userId}:${key}`).digest('hex').slice(0, 24).toUpperCase()}`;

/** Percent per annum (10 for 10%) to basis points, as a plan keeps its rate. */
export const basisPoints = (rate: number) => Math.round(rate * 100);
