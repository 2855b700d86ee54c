/**
 * The savings products as first seeded (issue 17). Rates live in `savings_products.meta`, never
 * in code: these are only the first values, and an operator's later change is kept (the seed
 * inserts a product only when its slug is missing). A plan copies its rate when it is made.
 */
export interface SavingsProductSeed {
  slug: string;
  name: string;
  description: string;
  currency: 'NGN' | 'USD';
  minimumMinor: bigint;
  meta: Record<string, unknown>;
}

const days = (count: number, rate: number) => ({
  id: `${String(count)}d`,
  label: count === 365 ? '1 year' : `${String(count)} days`,
  days: count,
  rate,
});

export const savingsProductSeeds: readonly SavingsProductSeed[] = [
  {
    slug: 'fixed',
    name: 'Fixed',
    description:
      'Lock a lump sum away until a date you choose and earn up to 10% per annum, paid with your money at maturity.',
    currency: 'NGN',
    minimumMinor: 1_000_00n,
    meta: { durations: [days(30, 6.5), days(90, 8), days(180, 9), days(365, 10)] },
  },
  {
    slug: 'target_saving',
    name: 'Target Savings',
    description:
      'Save towards a personal goal - vacation, house rent, a gadget or anything you like - automatically or as you go.',
    currency: 'NGN',
    minimumMinor: 2_000_00n,
    meta: {
      durations: [days(90, 7), days(180, 8), days(365, 9)],
      categories: [
        { id: '1', label: 'Vacation' },
        { id: '2', label: 'House rent' },
        { id: '3', label: 'Gadget' },
        { id: '4', label: 'Education' },
        { id: '5', label: 'Wedding' },
        { id: '6', label: 'Something else' },
      ],
      collection_methods: [
        { id: 'automatic', label: 'Automatic (from my wallet)' },
        { id: 'manual', label: 'Manual' },
      ],
      collection_frequencies: [
        { id: 'WEEKLY', label: 'Weekly' },
        { id: 'MONTHLY', label: 'Monthly' },
      ],
    },
  },
  {
    slug: 'olympic_challenge',
    name: 'Olympic Investment Marathon!',
    description: 'Set weekly investment goals and earn digital medals.',
    currency: 'NGN',
    minimumMinor: 2_000_00n,
    // The rate chart is its targets' (below), so its card's "Up to" names the best of them.
    meta: { durations: [days(91, 8), days(182, 9), days(364, 10)], challenge: true },
  },
  {
    slug: 'dollar',
    name: 'Dollar Investment',
    description:
      'Hedge your savings against inflation in dollars, paid to your dollar wallet on the due date.',
    currency: 'USD',
    minimumMinor: 50_00n,
    meta: { durations: [days(180, 4), days(365, 6)] },
  },
];

export interface PredefinedTargetSeed {
  slug: string;
  name: string;
  amountMinor: bigint;
  /** Days from the day the catalogue is seeded. */
  startsInDays: number;
  lastsDays: number;
  meta: {
    image_url: string;
    collection_amount: string;
    collection_method: string;
    rate: number;
  };
}

/** The challenge's group targets (issue 18); members join one and top it up each week. */
export const predefinedTargetSeeds: readonly PredefinedTargetSeed[] = [
  {
    slug: 'sprint-100k',
    name: '100k Sprint',
    amountMinor: 100_000_00n,
    startsInDays: 0,
    lastsDays: 91,
    meta: {
      image_url: '/challenges/sprint.svg',
      collection_amount: '7700.00',
      collection_method: 'weekly',
      rate: 8,
    },
  },
  {
    slug: 'relay-250k',
    name: '250k Relay',
    amountMinor: 250_000_00n,
    startsInDays: 0,
    lastsDays: 182,
    meta: {
      image_url: '/challenges/relay.svg',
      collection_amount: '9700.00',
      collection_method: 'weekly',
      rate: 9,
    },
  },
  {
    slug: 'marathon-500k',
    name: '500k Marathon',
    amountMinor: 500_000_00n,
    startsInDays: 0,
    lastsDays: 364,
    meta: {
      image_url: '/challenges/marathon.svg',
      collection_amount: '9700.00',
      collection_method: 'weekly',
      rate: 10,
    },
  },
];
