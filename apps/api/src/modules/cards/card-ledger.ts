import {
  insufficientFunds,
  move,
  systemAccount,
  type PostingInput,
} from '../../money/ledger/ledger.service.ts';
import type { Tx } from '../../platform/db.ts';
import type { CardQuoteRow } from './cards.repository.ts';

// The card's money in the ledger (decision 0025): each card is a USD product account of its
// holder. A funding is two entries written in one batch, one per currency, so both stand or
// neither does; purchases are holds on the card's account, settled to the issuer's account
// (`provider_settlement:USD`).

const nonZero = (postings: PostingInput[]) => postings.filter((p) => p.amountMinor !== 0n);

/**
 * create/fund: naira from the NGN wallet to `fx:NGN` (the naira fee to `fees_revenue:NGN`);
 * dollars from `fx:USD` to the card, less the creation fee to `fees_revenue:USD`.
 * withdraw: dollars from the card to `fx:USD`; naira from `fx:NGN` to the NGN wallet.
 */
export async function postCardConversion(
  tx: Tx,
  movement: {
    reference: string;
    quote: CardQuoteRow;
    nairaWalletId: string;
    cardAccountId: string;
    description: string;
    at: Date;
  },
) {
  const { quote, reference } = movement;
  const usdMinor = BigInt(quote.usd_minor);
  const cardFeeMinor = BigInt(quote.card_fee_minor);
  const ngnMinor = BigInt(quote.ngn_minor);
  const nairaFeeMinor = BigInt(quote.fee_minor);
  const buying = quote.purpose !== 'withdraw';
  const sign = buying ? 1n : -1n;
  const fxNaira = (await systemAccount(tx, 'fx', 'NGN')).id;
  const fxDollar = (await systemAccount(tx, 'fx', 'USD')).id;
  const entry = {
    kind: 'card_conversion',
    description: movement.description,
    metadata: { quote_id: quote.id, rate: quote.rate, card_fee_minor: quote.card_fee_minor },
    at: movement.at,
  };
  const naira = [
    { accountId: movement.nairaWalletId, amountMinor: -sign * ngnMinor - nairaFeeMinor },
    { accountId: fxNaira, amountMinor: sign * ngnMinor },
    {
      accountId: (await systemAccount(tx, 'fees_revenue', 'NGN')).id,
      amountMinor: nairaFeeMinor,
    },
  ];
  const dollar = [
    { accountId: fxDollar, amountMinor: -sign * (usdMinor + cardFeeMinor) },
    { accountId: movement.cardAccountId, amountMinor: sign * usdMinor },
    { accountId: (await systemAccount(tx, 'fees_revenue', 'USD')).id, amountMinor: cardFeeMinor },
  ];
  const results = await move(tx, [
    { ...entry, idempotencyKey: `${reference}:NGN`, currency: 'NGN', postings: nonZero(naira) },
    { ...entry, idempotencyKey: `${reference}:USD`, currency: 'USD', postings: nonZero(dollar) },
  ]);
  return !results.some((result) => result.outcome === 'insufficient_funds');
}

/**
 * A settlement that differs from the hold (its hold already voided in this transaction): the
 * card pays what the issuer settled as far as its available balance goes; the rest, if the
 * merchant settled more than the card holds, is advanced from `suspense:USD` and recorded on
 * the card transaction as its shortfall.
 */
export async function postSettlement(
  tx: Tx,
  settlement: {
    idempotencyKey: string;
    cardAccountId: string;
    cardAvailableMinor: bigint;
    settledMinor: bigint;
    description: string;
    at: Date;
  },
) {
  const fromCardMinor =
    settlement.settledMinor < settlement.cardAvailableMinor
      ? settlement.settledMinor
      : settlement.cardAvailableMinor;
  const shortfallMinor = settlement.settledMinor - fromCardMinor;
  const postings = nonZero([
    { accountId: settlement.cardAccountId, amountMinor: -fromCardMinor },
    { accountId: (await systemAccount(tx, 'suspense', 'USD')).id, amountMinor: -shortfallMinor },
    {
      accountId: (await systemAccount(tx, 'provider_settlement', 'USD')).id,
      amountMinor: settlement.settledMinor,
    },
  ]);
  const [result] = await move(tx, [
    {
      idempotencyKey: settlement.idempotencyKey,
      kind: 'card_purchase',
      description: settlement.description,
      currency: 'USD',
      postings,
      metadata: { shortfall_minor: shortfallMinor.toString() },
      at: settlement.at,
    },
  ]);
  if (result?.outcome === 'insufficient_funds') throw insufficientFunds();
  return shortfallMinor;
}

/** Money between the issuer and an account of the user (a refund, a card's balance at the end). */
export async function postCardTransfer(
  tx: Tx,
  movement: {
    idempotencyKey: string;
    kind: string;
    fromAccountId: string;
    toAccountId: string;
    amountMinor: bigint;
    description: string;
    at: Date;
  },
) {
  const [result] = await move(tx, [
    {
      idempotencyKey: movement.idempotencyKey,
      kind: movement.kind,
      description: movement.description,
      currency: 'USD',
      postings: [
        { accountId: movement.fromAccountId, amountMinor: -movement.amountMinor },
        { accountId: movement.toAccountId, amountMinor: movement.amountMinor },
      ],
      at: movement.at,
    },
  ]);
  if (result?.outcome === 'insufficient_funds') throw insufficientFunds();
}
