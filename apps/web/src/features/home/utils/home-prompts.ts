/*
 * What Home asks of the person besides the Fund and Withdraw buttons that are always on the
 * balance card: while the wallet is empty, one sentence in place of the (zero) figures says how
 * to fill it; while the account is below tier 2, the account-level card under the balance names
 * the next verification step and links to it. Nothing when there is nothing to do.
 */

/** Identity verified: DOMAIN.md's tier 2, the highest level the app offers today. */
export const VERIFIED_TIER = 2;

export interface HomePromptInput {
  tier: number;
  /** The user has a funding virtual account (BVN verified). */
  hasFundingAccount: boolean;
  /** The naira wallet's balance in kobo; undefined while it loads or when it failed. */
  nairaBalanceMinor: bigint | undefined;
}

export interface HomePrompts {
  /**
   * The balance card's first button: funding needs the account number that verifying the BVN
   * creates, so until then the first button verifies the BVN instead of opening a panel that
   * could only say "verify your BVN first".
   */
  primaryAction: 'fund' | 'verify-bvn';
  showAccountLevel: boolean;
  /** Shown on the balance card instead of the available and held figures, or undefined. */
  emptyWalletHint: string | undefined;
}

export function homePrompts({
  tier,
  hasFundingAccount,
  nairaBalanceMinor,
}: HomePromptInput): HomePrompts {
  const empty = nairaBalanceMinor === 0n;
  let emptyWalletHint: string | undefined;
  if (empty) {
    emptyWalletHint = hasFundingAccount
      ? 'Add money by bank transfer to your Ajo account number, or by card, to get started.'
      : 'Verify your BVN to get your own Ajo account number, then add money to get started.';
  }
  return {
    primaryAction: hasFundingAccount ? 'fund' : 'verify-bvn',
    showAccountLevel: tier < VERIFIED_TIER,
    emptyWalletHint,
  };
}
