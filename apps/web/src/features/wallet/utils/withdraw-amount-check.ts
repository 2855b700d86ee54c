import { formatMoneyText, moneyTextToMinor } from '../../../lib/money-text.ts';

/** What a withdrawal quote says about the balance (`GET /wallets/withdraw/quote`). */
export interface BalanceQuote {
  /** Amount plus fee: what would leave the wallet. */
  total: string;
  available: string;
  /** The most that can be withdrawn now, its fee included in what leaves the wallet. */
  withdrawable: string;
}

/**
 * Why the amount cannot be sent from this balance, or undefined when it can. Checked on the
 * amount step with the quote, so a withdrawal larger than the balance (once its fee is added) is
 * stopped there and not only after "Send".
 */
export function balanceShortfall(quote: BalanceQuote): string | undefined {
  if (moneyTextToMinor(quote.total) <= moneyTextToMinor(quote.available)) return undefined;
  const available = formatMoneyText(quote.available);
  if (moneyTextToMinor(quote.withdrawable) <= 0n) {
    return `Your available balance is ${available}, not enough for a withdrawal and its fee.`;
  }
  return `Your available balance is ${available}. With the transfer fee, you can withdraw at most ${formatMoneyText(quote.withdrawable)}.`;
}
