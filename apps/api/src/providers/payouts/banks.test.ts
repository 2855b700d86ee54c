import { describe, expect, it } from 'vitest';
import { buildNuban, institutionCode, isValidNuban } from '../virtual-accounts/nuban.ts';
import { findBank, nigerianBanks } from './banks.ts';

describe('Nigerian banks', () => {
  it('when the list is read, then it is sorted by name', () => {
    const names = nigerianBanks.map((bank) => bank.name);
    expect(names).toEqual(
      [...names].sort((a, b) => a.localeCompare(b, 'en', { sensitivity: 'base' })),
    );
  });

  it('when the list is read, then every code and slug is unique', () => {
    expect(new Set(nigerianBanks.map((bank) => bank.code)).size).toBe(nigerianBanks.length);
    expect(new Set(nigerianBanks.map((bank) => bank.slug)).size).toBe(nigerianBanks.length);
  });

  it('when any code is used for a NUBAN, then it is a 3-, 5- or 6-digit institution code', () => {
    for (const bank of nigerianBanks) {
      expect(bank.code).toMatch(/^\d{3}$|^\d{5,6}$/);
      expect(institutionCode(bank.code)).toMatch(/^\d{6}$/);
      expect(isValidNuban(bank.code, buildNuban(bank.code, '000001457'))).toBe(true);
    }
  });

  it('when the big banks and fintechs are looked up, then their codes are the known ones', () => {
    expect(findBank('058')?.name).toBe('Guaranty Trust Bank');
    expect(findBank('044')?.name).toBe('Access Bank');
    expect(findBank('057')?.name).toBe('Zenith Bank');
    expect(findBank('011')?.name).toBe('First Bank of Nigeria');
    expect(findBank('033')?.name).toBe('United Bank For Africa');
    expect(findBank('50211')?.name).toBe('Kuda Bank');
    expect(findBank('999992')?.name).toBe('OPay');
    expect(findBank('999991')?.name).toBe('PalmPay');
    expect(findBank('50515')?.name).toBe('Moniepoint MFB');
  });

  it('when an unknown code is looked up, then there is no bank', () => {
    expect(findBank('999')).toBeUndefined();
    expect(findBank('')).toBeUndefined();
  });

  it('when someone tries to change the list, then it stays as shipped', () => {
    expect(Object.isFrozen(nigerianBanks)).toBe(true);
    expect(Object.isFrozen(nigerianBanks[0])).toBe(true);
  });
});
