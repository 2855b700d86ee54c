import { formatMoney } from '@ajo/money/format';
import type { Currency } from '@ajo/money/currency';
import type { Remaining } from './erasure.repository.ts';

/** How long a closed account's identity and books are kept (decision 0027), in years. */
export const RETENTION_YEARS = 5;

export interface Reason {
  path: string;
  message: string;
}

/**
 * Why the account cannot close yet, each with what to do about it; empty when it can. The
 * words are for the person closing their account, so each says where to go.
 */
export function reasonsToWait(remaining: Remaining): Reason[] {
  const reasons: Reason[] = [];
  for (const balance of remaining.balances.filter((found) => found.account === 'wallet')) {
    const currency = balance.currency as Currency;
    if (balance.held_minor > 0n) {
      reasons.push({
        path: `wallet.${currency}`,
        message: `${formatMoney(balance.held_minor, currency)} of your ${currency} wallet is held for a payment that has not finished. Wait for it to complete or fail.`,
      });
    }
    const free = balance.balance_minor - balance.held_minor;
    if (free > 0n) {
      reasons.push({
        path: `wallet.${currency}`,
        message:
          currency === 'NGN'
            ? `Your naira wallet still holds ${formatMoney(free, currency)}. Withdraw it to your bank account first.`
            : `Your dollar wallet still holds ${formatMoney(free, currency)}. Move it to your naira wallet and withdraw it first.`,
      });
    }
  }
  for (const balance of remaining.balances.filter((found) => found.account === 'on_hold')) {
    reasons.push({
      path: 'on_hold',
      message: `${formatMoney(balance.balance_minor, balance.currency as Currency)} of a deposit is on hold above your account level's limits. Verify your identity to release it to your wallet, then withdraw it.`,
    });
  }
  const counted: [number, string, string, string][] = [
    [
      remaining.pendingTransactions,
      'pending',
      'transaction is',
      'Wait until it completes or fails.',
    ],
    [
      remaining.activeSavingsPlans,
      'savings',
      'savings plan is',
      'Withdraw or break it in Savings first.',
    ],
    [
      remaining.commodityHoldings,
      'commodities',
      'commodity holding is',
      'Sell it in Commodities first.',
    ],
    [
      remaining.fixedIncomeOrders,
      'fixed_income',
      'fixed-income investment is',
      'Closing can wait until it matures and pays out.',
    ],
    [
      remaining.realEstateHoldings,
      'real_estate',
      'real-estate holding is',
      'Units cannot be sold yet, so the account stays open while you hold them.',
    ],
  ];
  for (const [count, path, what, action] of counted) {
    if (count === 0) continue;
    const subject =
      count === 1 ? `One ${what}` : `${String(count)} ${what.replace(/ is$/, '')}s are`;
    reasons.push({
      path,
      message: `${subject} still ${path === 'pending' ? 'pending' : 'open'}. ${action}`,
    });
  }
  const productReasons = reasons.filter((reason) => !reason.path.startsWith('wallet')).length;
  const inProducts = remaining.balances.filter((found) => found.account === 'product');
  if (productReasons === 0 && inProducts.length > 0) {
    reasons.push({
      path: 'products',
      message: `${inProducts
        .map((found) => formatMoney(found.balance_minor, found.currency as Currency))
        .join(' and ')} is still in your savings or investments. Withdraw it to your wallet first.`,
    });
  }
  return reasons;
}
