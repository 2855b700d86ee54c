import { describe, expect, it } from 'vitest';
import { homePrompts } from './home-prompts.ts';

describe('homePrompts', () => {
  it('when the BVN is not verified yet, then the account-level card shows and the hint asks for the BVN first', () => {
    const prompts = homePrompts({ tier: 0, hasFundingAccount: false, nairaBalanceMinor: 0n });
    expect(prompts.showAccountLevel).toBe(true);
    expect(prompts.emptyWalletHint).toMatch(/^Verify your BVN/);
    expect(prompts.primaryAction).toBe('verify-bvn');
  });

  it('when a tier-1 wallet is empty, then both funding and the next verification are offered', () => {
    const prompts = homePrompts({ tier: 1, hasFundingAccount: true, nairaBalanceMinor: 0n });
    expect(prompts.showAccountLevel).toBe(true);
    expect(prompts.emptyWalletHint).toMatch(/^Add money/);
    expect(prompts.primaryAction).toBe('fund');
  });

  it('when a verified wallet is empty, then only funding is offered', () => {
    const prompts = homePrompts({ tier: 2, hasFundingAccount: true, nairaBalanceMinor: 0n });
    expect(prompts.showAccountLevel).toBe(false);
    expect(prompts.emptyWalletHint).toMatch(/^Add money/);
  });

  it('when a verified wallet holds money, then nothing is asked beyond the balance card', () => {
    expect(homePrompts({ tier: 2, hasFundingAccount: true, nairaBalanceMinor: 1n })).toEqual({
      primaryAction: 'fund',
      showAccountLevel: false,
      emptyWalletHint: undefined,
    });
  });

  it('when a tier-3 account holds money, then the account-level card stays away', () => {
    expect(
      homePrompts({ tier: 3, hasFundingAccount: true, nairaBalanceMinor: 5_000n }).showAccountLevel,
    ).toBe(false);
  });

  it('when the balance is still loading, then no hint flashes up', () => {
    expect(
      homePrompts({ tier: 2, hasFundingAccount: true, nairaBalanceMinor: undefined })
        .emptyWalletHint,
    ).toBeUndefined();
  });
});
