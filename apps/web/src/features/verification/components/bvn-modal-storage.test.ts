import { describe, expect, it } from 'vitest';
import { isBvnLongEnough, keepDigits, needsVirtualAccount } from './bvn-modal-storage.ts';

describe('needsVirtualAccount', () => {
  it('when both the id and the reference are empty, then the modal is offered', () => {
    expect(needsVirtualAccount({ virtual_account: { id: '', account_reference: '' } })).toBe(true);
  });

  it('when the account exists, or no one is signed in, then it is not', () => {
    expect(
      needsVirtualAccount({ virtual_account: { id: 'va-1', account_reference: 'AJO-VA-1' } }),
    ).toBe(false);
    expect(
      needsVirtualAccount({ virtual_account: { id: '', account_reference: 'AJO-VA-1' } }),
    ).toBe(false);
    expect(needsVirtualAccount(null)).toBe(false);
    expect(needsVirtualAccount(undefined)).toBe(false);
  });
});

describe('keepDigits', () => {
  it('when letters, spaces or dashes are typed, then only digits stay', () => {
    expect(keepDigits('22a2-2 2', 11)).toBe('22222');
  });

  it('when more digits than allowed are pasted, then the rest is cut off', () => {
    expect(keepDigits('222222222229999', 11)).toBe('22222222222');
  });
});

describe('isBvnLongEnough', () => {
  it('when the BVN has 10 digits, then Verify refuses; with 11 it goes on', () => {
    expect(isBvnLongEnough('2222222222')).toBe(false);
    expect(isBvnLongEnough('22222222222')).toBe(true);
  });
});
