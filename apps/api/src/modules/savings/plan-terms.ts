/** Percent per annum (10 for 10%) to basis points, as a plan keeps its rate. */
export const basisPoints = (rate: number) => Math.round(rate * 100);
