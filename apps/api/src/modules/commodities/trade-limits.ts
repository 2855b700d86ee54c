import { formatUnits } from '@ajo/contracts/commodities';
import {
  checkPerTransactionLimits,
  limitsFor,
  naira,
  raiseLimitHint,
  type TierLimits,
} from '../../money/limits.ts';
import type { Executor } from '../../platform/db.ts';
import { AppError } from '../../platform/errors.ts';
import * as repository from './commodities.repository.ts';

// What a trade may be: the configured limits of its side, the house's ceiling, enough units.

export const operationOf = (side: repository.TradeSide) =>
  side === 'buy' ? ('buy_commodity' as const) : ('sell_commodity' as const);

export const PAYMENT_METHOD = 'wallet';

/**
 * The most one trade may be worth, whatever the tier allows (tier 3 has no per-trade limit):
 * ₦10,000,000,000, which keeps every amount, fee and units figure far inside a bigint column.
 */
export const MAX_TRADE_AMOUNT_MINOR = 1_000_000_000_000n;

/**
 * The limits of a trade's naira amount for the user's tier; refusals are 422s naming `amount`.
 * A sale of the whole holding (`wholeHolding`) is let through below the minimum, so a holding
 * worth less than the smallest sale can always be sold.
 */
export async function checkLimits(
  executor: Executor,
  userId: string,
  side: repository.TradeSide,
  amountMinor: bigint,
  wholeHolding = false,
) {
  const tier = await repository.userTier(executor, userId);
  const limits = await limitsFor(executor, operationOf(side), tier);
  checkTierLimits(amountMinor, limits, tier, side, wholeHolding);
  return limits;
}

/** `checkLimits` once the tier's limits are known: throws the 422 a person sees. */
export function checkTierLimits(
  amountMinor: bigint,
  limits: TierLimits,
  tier: number,
  side: repository.TradeSide,
  wholeHolding = false,
) {
  const noun = side === 'buy' ? 'purchase' : 'sale';
  const minimumMinor = side === 'sell' && wholeHolding ? 0n : limits.minimumMinor;
  checkPerTransactionLimits(amountMinor, { ...limits, minimumMinor }, tier, {
    notAllowed: {
      code: 'verification_required',
      message: `Verify your identity (BVN) before you ${side} commodities.`,
    },
    noun,
    aboveMaximum: (maximum, forTier) =>
      `The largest ${noun} your account allows is ${maximum}.${raiseLimitHint(forTier)}`,
  });
}

/** The refusal above the house's ceiling (`MAX_TRADE_AMOUNT_MINOR`). */
export function aboveCeiling() {
  const message = `One trade may be at most ${naira(MAX_TRADE_AMOUNT_MINOR)}`;
  return new AppError('amount_above_limit', message, 422, [{ path: 'amount', message }]);
}

export function notEnoughUnits(heldScaled: bigint, commodity: repository.CommodityRow) {
  const message = `You hold ${formatUnits(heldScaled)} × ${commodity.unit} of ${commodity.name}; enter at most that`;
  return new AppError('insufficient_units', message, 422, [{ path: 'units', message }]);
}
