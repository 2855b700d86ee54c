import { describe, expect, it } from 'vitest';
import { searchBanks } from './bank-search.ts';

/** The banks as `GET /v1/banks` lists them (the registered names). */
const banks = [
  { name: 'Access Bank', code: '044', slug: 'access-bank' },
  { name: 'First Bank of Nigeria', code: '011', slug: 'first-bank-of-nigeria' },
  { name: 'First City Monument Bank', code: '214', slug: 'first-city-monument-bank' },
  { name: 'Guaranty Trust Bank', code: '058', slug: 'guaranty-trust-bank' },
  { name: 'Kuda Bank', code: '50211', slug: 'kuda-bank' },
  { name: 'Stanbic IBTC Bank', code: '221', slug: 'stanbic-ibtc-bank' },
  { name: 'United Bank For Africa', code: '033', slug: 'united-bank-for-africa' },
  { name: 'Wema Bank', code: '035', slug: 'wema-bank' },
  { name: 'Zenith Bank', code: '057', slug: 'zenith-bank' },
];

const namesFor = (search: string) => searchBanks(banks, search).map((bank) => bank.name);

describe('searchBanks', () => {
  it.each([
    ['GTB', 'Guaranty Trust Bank'],
    ['gtbank', 'Guaranty Trust Bank'],
    ['GT Bank', 'Guaranty Trust Bank'],
    ['GTCO', 'Guaranty Trust Bank'],
    ['UBA', 'United Bank For Africa'],
    ['FCMB', 'First City Monument Bank'],
    ['FBN', 'First Bank of Nigeria'],
    ['firstbank', 'First Bank of Nigeria'],
    ['Stanbic', 'Stanbic IBTC Bank'],
    ['IBTC', 'Stanbic IBTC Bank'],
    ['zenith', 'Zenith Bank'],
    ['Access', 'Access Bank'],
    ['ALAT', 'Wema Bank'],
    ['058', 'Guaranty Trust Bank'],
  ])('when "%s" is typed, then only %s is offered', (search, name) => {
    expect(namesFor(search)).toEqual([name]);
  });

  it('when part of a registered name is typed, then every bank with it is offered in order', () => {
    expect(namesFor('first')).toEqual(['First Bank of Nigeria', 'First City Monument Bank']);
  });

  it('when nothing is typed, then the whole list is offered', () => {
    expect(namesFor('  ')).toHaveLength(banks.length);
  });

  it('when no bank answers to it, then nothing is offered', () => {
    expect(namesFor('Barclays')).toEqual([]);
  });
});
