/*
 * Every savings read starts with ['savings'], so whatever moves money into or out of a plan (a new
 * plan, the sandbox clock maturing one) can refresh them all at once without importing the
 * savings feature.
 */
export const savingsQueryKey = ['savings'] as const;
