import type { Configuration } from '@ajo/contracts/configurations';

/**
 * Limits per KYC tier (DOMAIN.md, CBN three-tier KYC). Amounts are decimal naira; `null` means
 * no limit. Tier 0 is a signed-up user who has not verified a BVN yet.
 */
const tiers = (perTier: Record<0 | 1 | 2 | 3, [string | null, string | null]>) =>
  Object.entries(perTier).map(([tier, [perTransaction, daily]]) => ({
    tier: Number(tier),
    per_transaction: perTransaction,
    daily,
  }));

export const transactionLimits: Configuration = {
  name: 'transaction_limits',
  value: [
    {
      id: 'deposit',
      currency: 'NGN',
      minimum: '100.00',
      tiers: tiers({
        0: ['0.00', '0.00'],
        1: ['50000.00', null],
        2: ['100000.00', null],
        3: [null, null],
      }),
      balance_max: [
        { tier: 0, amount: '0.00' },
        { tier: 1, amount: '300000.00' },
        { tier: 2, amount: '500000.00' },
        { tier: 3, amount: null },
      ],
    },
    {
      id: 'withdraw',
      currency: 'NGN',
      minimum: '100.00',
      tiers: tiers({
        0: ['0.00', '0.00'],
        1: ['50000.00', '100000.00'],
        2: ['100000.00', '500000.00'],
        3: ['5000000.00', '25000000.00'],
      }),
    },
    {
      id: 'buy_commodity',
      currency: 'NGN',
      minimum: '1000.00',
      tiers: tiers({
        0: ['0.00', '0.00'],
        1: ['50000.00', '300000.00'],
        2: ['100000.00', '500000.00'],
        3: [null, null],
      }),
    },
    {
      id: 'sell_commodity',
      currency: 'NGN',
      minimum: '1000.00',
      tiers: tiers({
        0: ['0.00', '0.00'],
        1: ['50000.00', '300000.00'],
        2: ['100000.00', '500000.00'],
        3: [null, null],
      }),
    },
    {
      id: 'buy_airtime',
      currency: 'NGN',
      minimum: '50.00',
      tiers: tiers({
        0: ['0.00', '0.00'],
        1: ['20000.00', '50000.00'],
        2: ['50000.00', '200000.00'],
        3: ['100000.00', '500000.00'],
      }),
    },
    {
      id: 'buy_data',
      currency: 'NGN',
      minimum: '50.00',
      tiers: tiers({
        0: ['0.00', '0.00'],
        1: ['20000.00', '50000.00'],
        2: ['50000.00', '200000.00'],
        3: ['100000.00', '500000.00'],
      }),
    },
    {
      id: 'buy_electricity',
      currency: 'NGN',
      minimum: '1000.00',
      tiers: tiers({
        0: ['0.00', '0.00'],
        1: ['50000.00', '100000.00'],
        2: ['100000.00', '300000.00'],
        3: ['500000.00', '1000000.00'],
      }),
    },
    {
      id: 'fund_betting',
      currency: 'NGN',
      minimum: '100.00',
      tiers: tiers({
        0: ['0.00', '0.00'],
        1: ['20000.00', '50000.00'],
        2: ['100000.00', '300000.00'],
        3: ['500000.00', '1000000.00'],
      }),
    },
  ],
};

/**
 * Fees: `rate_bps` of the amount (basis points, rounded half up to the kobo), plus `flat`,
 * capped at `cap` when set.
 */
export const processingFees: Configuration = {
  name: 'processing_fees',
  value: [
    { id: 'deposit', currency: 'NGN', rate_bps: 150, flat: '0.00', cap: '2000.00' },
    { id: 'withdraw', currency: 'NGN', rate_bps: 0, flat: '50.00', cap: null },
    {
      id: 'buy_commodity',
      currency: 'NGN',
      payment_methods: [{ id: 'wallet', rate_bps: 50, flat: '0.00', cap: null }],
    },
    {
      id: 'sell_commodity',
      currency: 'NGN',
      payment_methods: [{ id: 'wallet', rate_bps: 50, flat: '0.00', cap: null }],
    },
    { id: 'buy_electricity', currency: 'NGN', rate_bps: 0, flat: '100.00', cap: null },
    { id: 'buy_airtime', currency: 'NGN', rate_bps: 0, flat: '0.00', cap: null },
    { id: 'buy_data', currency: 'NGN', rate_bps: 0, flat: '0.00', cap: null },
    { id: 'fund_betting', currency: 'NGN', rate_bps: 0, flat: '0.00', cap: null },
  ],
};

/** Naira per dollar, as decimal text: `buy` is what a user pays for $1, `sell` what they get. */
export const exchangeRate: Configuration = {
  name: 'exchange_rate',
  value: [{ id: 'USD_NGN', base: 'USD', quote: 'NGN', buy: '1550.00', sell: '1500.00' }],
};

export const catalogue: Configuration[] = [transactionLimits, processingFees, exchangeRate];

/** Home banner adverts (upserted by slug, so copy changes land on the next start). */
export const bannerAdverts = [
  {
    slug: 'fund-wallet',
    title: 'Fund your wallet in seconds',
    body: 'Transfer to your personal Ajo account number from any Nigerian bank.',
    ctaLabel: 'Fund wallet',
    ctaPath: '/wallet?a=fund%20account',
    position: 1,
  },
  {
    slug: 'target-savings',
    title: 'Save towards what matters',
    body: 'Set a target, pick how often, and let Ajo put money aside for you automatically.',
    ctaLabel: 'Start saving',
    ctaPath: '/savings/target-savings',
    position: 2,
  },
  {
    slug: 'refer-friends',
    title: 'Bring your friends along',
    body: 'Share your referral code from Settings and grow together.',
    ctaLabel: 'Get my code',
    ctaPath: '/settings/referral',
    position: 3,
  },
];
