import { applyBasisPoints, divideRounded } from '@ajo/money/arithmetic';
import { addDays } from './business-dates.ts';

/** Nigeria's withholding tax on interest: 10% of the gross (DOMAIN.md). */
export const WITHHOLDING_TAX_BASIS_POINTS = 1_000n;

const DAYS_PER_YEAR = 365n;
const BASIS_POINTS_PER_PERCENT = 100;

export interface FixedPlanEstimate {
  grossInterestMinor: bigint;
  withholdingTaxMinor: bigint;
  netInterestMinor: bigint;
  /** Principal plus net interest: what reaches the wallet at maturity. */
  payoutMinor: bigint;
  maturityDate: string;
}

/**
 * "10" (percent per annum, as the catalogue sends it) → 1000n basis points. Rates are quoted to
 * at most two decimals (8.25% → 825n), so rounding here only removes float noise; a rate is not
 * an amount of money.
 */
export function rateToBasisPoints(ratePercent: number): bigint {
  return BigInt(Math.round(ratePercent * BASIS_POINTS_PER_PERCENT));
}

/**
 * What a fixed plan should earn, for the form's preview: simple interest, principal × rate × days
 * / 365 rounded half up once, less 10% withholding tax (half up). That is the server's rule: it
 * books interest day by day "half up on the running total", which sums to exactly this closed
 * form (money/ledger/interest.ts), so the preview equals what the plan pays. It is still labelled
 * an estimate where it is shown, since the server's figures rule.
 */
export function estimateFixedPlan(input: {
  principalMinor: bigint;
  ratePercent: number;
  days: number;
  startDate: string;
}): FixedPlanEstimate {
  const grossInterestMinor = divideRounded(
    input.principalMinor * rateToBasisPoints(input.ratePercent) * BigInt(input.days),
    10_000n * DAYS_PER_YEAR,
    'half-up',
  );
  const withholdingTaxMinor = applyBasisPoints(
    grossInterestMinor,
    WITHHOLDING_TAX_BASIS_POINTS,
    'half-up',
  );
  const netInterestMinor = grossInterestMinor - withholdingTaxMinor;
  return {
    grossInterestMinor,
    withholdingTaxMinor,
    netInterestMinor,
    payoutMinor: input.principalMinor + netInterestMinor,
    maturityDate: addDays(input.startDate, input.days),
  };
}
