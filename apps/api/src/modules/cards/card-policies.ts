import { formatMoney } from '@ajo/money/format';
import { AppError } from '../../platform/errors.ts';

// The virtual dollar card's rules and every sentence a card holder reads, in one place
// (decision 0025). Amounts are US cents.

/** Charged once, in dollars, from the first funding when the card is created. */
export const CARD_CREATION_FEE_MINOR = 2_00n;
/** The least a new card is funded with, and the least one funding may be. */
export const CARD_MINIMUM_FUNDING_MINOR = 5_00n;
/** The most a card may hold (fundings above it are refused). */
export const CARD_MAXIMUM_BALANCE_MINOR = 5_000_00n;
/** The KYC tier a card holder needs (identity verified with BVN and selfie). */
export const CARD_REQUIRED_TIER = 2;
/** How long a quote is honoured: the user confirms within a minute or asks again. */
export const CARD_QUOTE_LIFETIME_MS = 60_000;
/**
 * An authorisation the merchant neither settled nor reversed within this time is released
 * (Visa's authorisations lapse after 7 days for most merchants).
 */
export const CARD_AUTHORIZATION_EXPIRY_MS = 7 * 24 * 60 * 60_000;
/** Reveal attempts (right or wrong password) one person may make in the window below. */
export const CARD_REVEAL_ATTEMPTS = 5;
export const CARD_REVEAL_WINDOW_MS = 15 * 60_000;
/** The naira fee of a card funding or withdrawal: none; the buy/sell spread is the margin. */
export const CARD_NAIRA_FEE_MINOR = 0n;

export const dollars = (minor: bigint) => formatMoney(minor, 'USD');

const invalid = (path: string, message: string, code: string) =>
  new AppError(code, message, 422, [{ path, message }]);

/** Why an authorisation was declined: the ISO 8583 code the issuer gets, and our words. */
export const declineReasons = {
  frozen: { code: '62', words: 'Your card is frozen. Unfreeze it to pay with it.' },
  terminated: { code: '14', words: 'This card has been terminated.' },
  insufficient_funds: {
    code: '51',
    words: 'Your card balance was too low for this payment. Fund the card and try again.',
  },
  currency: { code: '57', words: 'This card pays in US dollars only.' },
  issuer_declined: {
    code: '57',
    words: 'The card issuer declined this payment (this merchant is blocked).',
  },
} as const;
export type DeclineReason = keyof typeof declineReasons;

export const cardWords = {
  tierRequired:
    'Upgrade to tier 2 (verify your identity with your BVN and a selfie) to get a dollar card.',
  cardLimit: (max: number) =>
    max === 1
      ? 'You already have a dollar card. Terminate it before creating another.'
      : `You already have ${String(max)} dollar cards, the most one person may hold.`,
  cardNotFound: 'That card does not exist',
  cardTerminated: 'This card has been terminated.',
  cardFrozen: 'Your card is frozen. Unfreeze it first.',
  alreadyActive: 'This card is not frozen.',
  alreadyFrozen: 'This card is already frozen.',
  belowMinimum: `Amount must be at least ${dollars(CARD_MINIMUM_FUNDING_MINOR)}`,
  aboveMaximum: (roomMinor: bigint) =>
    roomMinor <= 0n
      ? `This card already holds the most a card may hold (${dollars(CARD_MAXIMUM_BALANCE_MINOR)}).`
      : `A card may hold at most ${dollars(CARD_MAXIMUM_BALANCE_MINOR)}; you can add up to ${dollars(roomMinor)}.`,
  aboveAvailable: (availableMinor: bigint) =>
    `You can withdraw at most ${dollars(availableMinor)} (the card's available balance).`,
  cardIdRequired: 'card_id is required to fund or withdraw',
  quoteRequired: 'That quote does not exist or has expired; ask for a new quote',
  quoteMismatch:
    'The rate you confirmed was for a different amount or purpose; ask for a new quote',
  quoteUsed: 'The rate you confirmed has already been used; ask for a new quote',
  quoteExpired: 'The rate you confirmed has expired; ask for a new quote',
  nairaShort: 'Your naira wallet balance is too low for this amount',
  pendingPurchases:
    'This card has payments waiting for the merchant to settle. Try again once they have settled.',
  wrongPassword: 'That password is not right',
  tooManyReveals: 'Too many attempts to show the card details. Try again in 15 minutes.',
  issuerUnavailable: 'The card issuer is not answering right now; please try again shortly.',
  issuerRefused: 'The card issuer refused this request; please try again later.',
  rateUnavailable: 'The exchange rate is not available right now; please try again shortly',
  notPending: 'This payment has already been settled or reversed.',
  authorizationNotFound: 'That card payment does not exist',
} as const;

export const cardErrors = {
  tierRequired: () => new AppError('tier_required', cardWords.tierRequired, 403),
  cardLimit: (max: number) => new AppError('card_limit', cardWords.cardLimit(max), 409),
  cardNotFound: () => new AppError('card_not_found', cardWords.cardNotFound, 404),
  terminated: () => new AppError('card_terminated', cardWords.cardTerminated, 409),
  frozen: () => new AppError('card_frozen', cardWords.cardFrozen, 409),
  belowMinimum: () => invalid('amount', cardWords.belowMinimum, 'below_minimum'),
  aboveMaximum: (roomMinor: bigint) =>
    invalid('amount', cardWords.aboveMaximum(roomMinor), 'above_maximum'),
  aboveAvailable: (availableMinor: bigint) =>
    invalid('amount', cardWords.aboveAvailable(availableMinor), 'above_available'),
  cardIdRequired: () => invalid('card_id', cardWords.cardIdRequired, 'card_id_required'),
  nairaShort: () => new AppError('insufficient_funds', cardWords.nairaShort, 422),
  pendingPurchases: () => new AppError('card_has_pending', cardWords.pendingPurchases, 409),
  wrongPassword: () =>
    new AppError('wrong_password', cardWords.wrongPassword, 422, [
      { path: 'password', message: cardWords.wrongPassword },
    ]),
  tooManyReveals: () => new AppError('too_many_reveals', cardWords.tooManyReveals, 429),
  issuerUnavailable: () => new AppError('issuer_unavailable', cardWords.issuerUnavailable, 503),
  issuerRefused: () => new AppError('issuer_refused', cardWords.issuerRefused, 502),
  rateUnavailable: () => new AppError('rate_unavailable', cardWords.rateUnavailable, 503),
  notPending: () => new AppError('not_pending', cardWords.notPending, 409),
  authorizationNotFound: () =>
    new AppError('authorization_not_found', cardWords.authorizationNotFound, 404),
};

export type QuoteProblem = 'quote_required' | 'quote_mismatch' | 'quote_used' | 'quote_expired';

export const quoteError = (problem: QuoteProblem) => {
  const words = {
    quote_required: cardWords.quoteRequired,
    quote_mismatch: cardWords.quoteMismatch,
    quote_used: cardWords.quoteUsed,
    quote_expired: cardWords.quoteExpired,
  }[problem];
  return new AppError(problem, words, 409, [{ path: 'quote_id', message: words }]);
};

/** The naira activity feed's lines. */
export const feedLines = {
  create: (usdMinor: bigint) => `Dollar card created and funded with ${dollars(usdMinor)}`,
  fund: (usdMinor: bigint) => `Dollar card funded with ${dollars(usdMinor)}`,
  withdraw: (usdMinor: bigint) => `${dollars(usdMinor)} withdrawn from your dollar card`,
  terminate: (usdMinor: bigint) => `Dollar card terminated: ${dollars(usdMinor)} returned`,
};

/** Notices (the bell) after each movement. */
export const notices = {
  created: (usdMinor: bigint, feeMinor: bigint, nairaText: string) => ({
    title: 'Dollar card ready',
    body: `Your virtual dollar card is ready with ${dollars(usdMinor)} on it. ${nairaText} left your naira wallet (including the ${dollars(feeMinor)} card fee).`,
  }),
  funded: (usdMinor: bigint, nairaText: string) => ({
    title: 'Dollar card funded',
    body: `${dollars(usdMinor)} is on your dollar card; ${nairaText} left your naira wallet.`,
  }),
  withdrawn: (usdMinor: bigint, nairaText: string) => ({
    title: 'Dollar card withdrawal',
    body: `${dollars(usdMinor)} left your dollar card and ${nairaText} reached your naira wallet.`,
  }),
  terminated: (usdMinor: bigint) => ({
    title: 'Dollar card terminated',
    body:
      usdMinor > 0n
        ? `Your dollar card is terminated and its ${dollars(usdMinor)} is in your dollar wallet.`
        : 'Your dollar card is terminated.',
  }),
  declined: (merchant: string, usdMinor: bigint, words: string) => ({
    title: 'Card payment declined',
    body: `A payment of ${dollars(usdMinor)} at ${merchant} was declined. ${words}`,
  }),
};
