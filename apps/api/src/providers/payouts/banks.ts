import type { Bank } from './payouts.port.ts';

/**
 * Nigerian banks people withdraw to, with the codes Paystack's `GET /bank` lists for them (the
 * CBN bank code for deposit money banks, the 5- or 6-digit institution code for MFBs and
 * fintechs) and Paystack's slug. Checked against Paystack's bank list; sorted by name.
 *
 * Left out on purpose: Heritage Bank (030), whose licence the CBN revoked in June 2024, and
 * Access Bank (Diamond) (063), now part of Access Bank.
 */
export const nigerianBanks: readonly Bank[] = Object.freeze(
  [
    { name: 'Access Bank', code: '044', slug: 'access-bank' },
    { name: 'Carbon', code: '565', slug: 'carbon' },
    { name: 'Citibank Nigeria', code: '023', slug: 'citibank-nigeria' },
    { name: 'Ecobank Nigeria', code: '050', slug: 'ecobank-nigeria' },
    { name: 'Fidelity Bank', code: '070', slug: 'fidelity-bank' },
    { name: 'First Bank of Nigeria', code: '011', slug: 'first-bank-of-nigeria' },
    { name: 'First City Monument Bank', code: '214', slug: 'first-city-monument-bank' },
    { name: 'Globus Bank', code: '00103', slug: 'globus-bank' },
    { name: 'Guaranty Trust Bank', code: '058', slug: 'guaranty-trust-bank' },
    { name: 'Jaiz Bank', code: '301', slug: 'jaiz-bank' },
    { name: 'Keystone Bank', code: '082', slug: 'keystone-bank' },
    { name: 'Kuda Bank', code: '50211', slug: 'kuda-bank' },
    { name: 'Lotus Bank', code: '303', slug: 'lotus-bank' },
    { name: 'Moniepoint MFB', code: '50515', slug: 'moniepoint-mfb-ng' },
    { name: 'OPay', code: '999992', slug: 'paycom' },
    { name: 'Optimus Bank', code: '00107', slug: 'optimus-bank-ltd' },
    { name: 'PalmPay', code: '999991', slug: 'palmpay' },
    { name: 'Parallex Bank', code: '104', slug: 'parallex-bank' },
    { name: 'Polaris Bank', code: '076', slug: 'polaris-bank' },
    { name: 'PremiumTrust Bank', code: '105', slug: 'premiumtrust-bank-ng' },
    { name: 'Providus Bank', code: '101', slug: 'providus-bank' },
    { name: 'Stanbic IBTC Bank', code: '221', slug: 'stanbic-ibtc-bank' },
    { name: 'Standard Chartered Bank', code: '068', slug: 'standard-chartered-bank' },
    { name: 'Sterling Bank', code: '232', slug: 'sterling-bank' },
    { name: 'SunTrust Bank', code: '100', slug: 'suntrust-bank' },
    { name: 'TAJ Bank', code: '302', slug: 'taj-bank' },
    { name: 'Titan Trust Bank', code: '102', slug: 'titan-bank' },
    { name: 'Union Bank of Nigeria', code: '032', slug: 'union-bank-of-nigeria' },
    { name: 'United Bank For Africa', code: '033', slug: 'united-bank-for-africa' },
    { name: 'Unity Bank', code: '215', slug: 'unity-bank' },
    { name: 'VFD Microfinance Bank', code: '566', slug: 'vfd' },
    { name: 'Wema Bank', code: '035', slug: 'wema-bank' },
    { name: 'Zenith Bank', code: '057', slug: 'zenith-bank' },
  ].map((bank) => Object.freeze(bank)),
);

const byCode = new Map(nigerianBanks.map((bank) => [bank.code, bank]));

/** The bank with this code, or undefined when it is not one we list. */
export function findBank(code: string): Bank | undefined {
  return byCode.get(code);
}
