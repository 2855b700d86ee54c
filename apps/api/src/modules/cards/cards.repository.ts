import { sql } from 'drizzle-orm';
import type { CardQuotePurpose, CardStatus } from '@ajo/contracts/cards';
import { rows, type Executor } from '../../platform/db.ts';

export interface CardRow {
  id: string;
  user_id: string;
  reference: string;
  status: CardStatus;
  issuer: string;
  issuer_card_id: string;
  issuer_cardholder_id: string;
  brand: 'Visa' | 'Mastercard';
  last4: string;
  expiry_month: string;
  expiry_year: string;
  name_on_card: string;
  billing_address: {
    line1: string;
    city: string;
    state: string;
    postalCode: string;
    country: string;
  };
  ledger_account_id: string;
  created_at: string | Date;
  frozen_at: string | Date | null;
  terminated_at: string | Date | null;
  /** The card's ledger balance and what its pending authorisations hold (cents, as text). */
  balance_minor: string;
  held_minor: string;
}

const cardColumns = sql`c.id, c.user_id, c.reference, c.status, c.issuer, c.issuer_card_id,
  c.issuer_cardholder_id, c.brand, c.last4, c.expiry_month, c.expiry_year, c.name_on_card,
  c.billing_address, c.ledger_account_id, c.created_at, c.frozen_at, c.terminated_at,
  a.balance_minor::text as balance_minor, a.held_minor::text as held_minor`;

const fromCards = sql`from cards c join ledger_accounts a on a.id = c.ledger_account_id`;

export async function listCards(executor: Executor, userId: string) {
  return rows<CardRow>(
    executor,
    sql`select ${cardColumns} ${fromCards} where c.user_id = ${userId}
        order by c.created_at desc, c.id`,
  );
}

export async function findCard(executor: Executor, userId: string, cardId: string) {
  const [card] = await rows<CardRow>(
    executor,
    sql`select ${cardColumns} ${fromCards} where c.id = ${cardId} and c.user_id = ${userId}`,
  );
  return card;
}

export async function findCardByReference(executor: Executor, reference: string) {
  const [card] = await rows<CardRow>(
    executor,
    sql`select ${cardColumns} ${fromCards} where c.reference = ${reference}`,
  );
  return card;
}

/** A card by the issuer's id (a balance enquiry), without a lock. */
export async function findCardByIssuerId(
  executor: Executor,
  by: { issuer: string; issuerCardId: string },
) {
  const [card] = await rows<CardRow>(
    executor,
    sql`select ${cardColumns} ${fromCards}
        where c.issuer = ${by.issuer} and c.issuer_card_id = ${by.issuerCardId}`,
  );
  return card;
}

/**
 * The card under a row lock, so decisions on it (authorisations, freezes, movements) happen
 * one at a time; by our id or the issuer's.
 */
export async function lockCard(
  executor: Executor,
  by: { id: string } | { issuer: string; issuerCardId: string },
) {
  const where =
    'id' in by
      ? sql`c.id = ${by.id}`
      : sql`c.issuer = ${by.issuer} and c.issuer_card_id = ${by.issuerCardId}`;
  const [card] = await rows<CardRow>(
    executor,
    sql`select ${cardColumns} ${fromCards} where ${where} for update of c`,
  );
  return card;
}

/** Cards that count towards the per-person limit (active or frozen). */
export async function countLiveCards(executor: Executor, userId: string) {
  const [found] = await rows<{ count: number }>(
    executor,
    sql`select count(*)::int as count from cards
        where user_id = ${userId} and status in ('active', 'frozen')`,
  );
  return found?.count ?? 0;
}

export interface NewCard {
  id: string;
  userId: string;
  reference: string;
  issuer: string;
  issuerCardId: string;
  issuerCardholderId: string;
  brand: string;
  last4: string;
  expiryMonth: string;
  expiryYear: string;
  nameOnCard: string;
  billingAddress: CardRow['billing_address'];
  ledgerAccountId: string;
  at: Date;
}

export async function insertCard(executor: Executor, card: NewCard) {
  await executor.execute(sql`insert into cards (id, user_id, reference, status, issuer,
      issuer_card_id, issuer_cardholder_id, brand, last4, expiry_month, expiry_year, name_on_card,
      billing_address, ledger_account_id, created_at)
    values (${card.id}, ${card.userId}, ${card.reference}, 'active', ${card.issuer},
      ${card.issuerCardId}, ${card.issuerCardholderId}, ${card.brand}, ${card.last4},
      ${card.expiryMonth}, ${card.expiryYear}, ${card.nameOnCard},
      ${JSON.stringify(card.billingAddress)}::jsonb, ${card.ledgerAccountId},
      ${card.at.toISOString()})`);
}

export async function setCardStatus(
  executor: Executor,
  cardId: string,
  status: CardStatus,
  at: Date,
) {
  const now = at.toISOString();
  await executor.execute(sql`update cards set status = ${status},
      frozen_at = case when ${status} = 'frozen' then ${now}::timestamptz else null end,
      terminated_at = case when ${status} = 'terminated' then ${now}::timestamptz
                           else terminated_at end
    where id = ${cardId}`);
}

/** The issuer's cardholder id this user already has, if any card was made for them. */
export async function issuerCardholderOf(executor: Executor, userId: string, issuer: string) {
  const [found] = await rows<{ issuer_cardholder_id: string }>(
    executor,
    sql`select issuer_cardholder_id from cards where user_id = ${userId} and issuer = ${issuer}
        order by created_at limit 1`,
  );
  return found?.issuer_cardholder_id ?? null;
}

export interface CardholderRow {
  first_name: string;
  last_name: string;
  email: string;
  phone: string;
  tier: number;
  password_hash: string;
}

export async function cardholder(executor: Executor, userId: string) {
  const [found] = await rows<CardholderRow>(
    executor,
    sql`select first_name, last_name, email, phone, tier, password_hash from users
        where id = ${userId}`,
  );
  return found;
}

// Quotes ---------------------------------------------------------------------------------------

export interface CardQuoteRow {
  id: string;
  user_id: string;
  purpose: CardQuotePurpose;
  card_id: string | null;
  usd_minor: string;
  card_fee_minor: string;
  ngn_minor: string;
  fee_minor: string;
  rate: string;
  expires_at: string | Date;
  used_at: string | Date | null;
}

const quoteColumns = sql`id, user_id, purpose, card_id, usd_minor::text, card_fee_minor::text,
  ngn_minor::text, fee_minor::text, rate, expires_at, used_at`;

export interface NewCardQuote {
  userId: string;
  purpose: CardQuotePurpose;
  cardId: string | null;
  usdMinor: bigint;
  cardFeeMinor: bigint;
  ngnMinor: bigint;
  feeMinor: bigint;
  rate: string;
  expiresAt: Date;
  at: Date;
}

export async function insertQuote(executor: Executor, quote: NewCardQuote) {
  const [inserted] = await rows<CardQuoteRow>(
    executor,
    sql`insert into card_quotes (user_id, purpose, card_id, usd_minor, card_fee_minor, ngn_minor,
          fee_minor, rate, expires_at, created_at)
        values (${quote.userId}, ${quote.purpose}, ${quote.cardId},
          ${quote.usdMinor.toString()}, ${quote.cardFeeMinor.toString()},
          ${quote.ngnMinor.toString()}, ${quote.feeMinor.toString()}, ${quote.rate},
          ${quote.expiresAt.toISOString()}, ${quote.at.toISOString()})
        returning ${quoteColumns}`,
  );
  if (!inserted) throw new Error('the card quote just stored could not be read');
  return inserted;
}

/** The user's quote under a row lock until the transaction ends (it is spent once). */
export async function lockQuote(executor: Executor, userId: string, quoteId: string) {
  const [quote] = await rows<CardQuoteRow>(
    executor,
    sql`select ${quoteColumns} from card_quotes where id = ${quoteId} and user_id = ${userId}
        for update`,
  );
  return quote;
}

export async function findQuote(executor: Executor, userId: string, quoteId: string) {
  const [quote] = await rows<CardQuoteRow>(
    executor,
    sql`select ${quoteColumns} from card_quotes where id = ${quoteId} and user_id = ${userId}`,
  );
  return quote;
}

export async function markQuoteUsed(executor: Executor, quoteId: string, at: Date) {
  await executor.execute(
    sql`update card_quotes set used_at = ${at.toISOString()} where id = ${quoteId}`,
  );
}

export async function deleteStaleQuotes(executor: Executor, before: Date) {
  await executor.execute(
    sql`delete from card_quotes where used_at is null and expires_at < ${before.toISOString()}`,
  );
}

// Card transactions ----------------------------------------------------------------------------

export interface CardTransactionRow {
  id: string;
  card_id: string;
  user_id: string;
  type: 'funding' | 'withdrawal' | 'creation_fee' | 'purchase' | 'refund' | 'termination';
  status: 'pending' | 'settled' | 'declined' | 'reversed' | 'completed';
  amount_minor: string;
  authorized_minor: string | null;
  shortfall_minor: string;
  merchant_name: string | null;
  merchant_city: string | null;
  merchant_country: string | null;
  decline_code: string | null;
  reference: string;
  issuer_reference: string | null;
  hold_id: string | null;
  created_at: string | Date;
  settled_at: string | Date | null;
}

const transactionColumns = sql`id, card_id, user_id, type, status, amount_minor::text,
  authorized_minor::text, shortfall_minor::text, merchant_name, merchant_city, merchant_country,
  decline_code, reference, issuer_reference, hold_id, created_at, settled_at`;

export interface NewCardTransaction {
  cardId: string;
  userId: string;
  type: CardTransactionRow['type'];
  status: CardTransactionRow['status'];
  amountMinor: bigint;
  authorizedMinor?: bigint | null;
  merchant?: { name: string; city: string | null; country: string | null } | null;
  declineCode?: string | null;
  reference: string;
  issuerReference?: string | null;
  holdId?: string | null;
  at: Date;
  settledAt?: Date | null;
}

export async function insertCardTransaction(executor: Executor, entry: NewCardTransaction) {
  const [inserted] = await rows<CardTransactionRow>(
    executor,
    sql`insert into card_transactions (card_id, user_id, type, status, amount_minor,
          authorized_minor, merchant_name, merchant_city, merchant_country, decline_code,
          reference, issuer_reference, hold_id, created_at, settled_at)
        values (${entry.cardId}, ${entry.userId}, ${entry.type}, ${entry.status},
          ${entry.amountMinor.toString()}, ${entry.authorizedMinor?.toString() ?? null},
          ${entry.merchant?.name ?? null}, ${entry.merchant?.city ?? null},
          ${entry.merchant?.country ?? null}, ${entry.declineCode ?? null}, ${entry.reference},
          ${entry.issuerReference ?? null}, ${entry.holdId ?? null}, ${entry.at.toISOString()},
          ${entry.settledAt?.toISOString() ?? null})
        returning ${transactionColumns}`,
  );
  if (!inserted) throw new Error('the card transaction just stored could not be read');
  return inserted;
}

export async function findTransactionByIssuerReference(executor: Executor, reference: string) {
  const [found] = await rows<CardTransactionRow>(
    executor,
    sql`select ${transactionColumns} from card_transactions
        where issuer_reference = ${reference}`,
  );
  return found;
}

export async function lockTransaction(
  executor: Executor,
  by: { id: string } | { issuerReference: string },
) {
  const where = 'id' in by ? sql`id = ${by.id}` : sql`issuer_reference = ${by.issuerReference}`;
  const [found] = await rows<CardTransactionRow>(
    executor,
    sql`select ${transactionColumns} from card_transactions where ${where} for update`,
  );
  return found;
}

export async function finishTransaction(
  executor: Executor,
  id: string,
  change: {
    status: CardTransactionRow['status'];
    amountMinor: bigint;
    shortfallMinor: bigint;
    at: Date;
  },
) {
  const [updated] = await rows<CardTransactionRow>(
    executor,
    sql`update card_transactions set status = ${change.status},
          amount_minor = ${change.amountMinor.toString()},
          shortfall_minor = ${change.shortfallMinor.toString()},
          settled_at = ${change.at.toISOString()}
        where id = ${id}
        returning ${transactionColumns}`,
  );
  if (!updated) throw new Error('the card transaction just finished could not be read');
  return updated;
}

export async function pageTransactions(
  executor: Executor,
  cardId: string,
  page: { page: number; size: number },
) {
  const items = await rows<CardTransactionRow>(
    executor,
    sql`select ${transactionColumns} from card_transactions where card_id = ${cardId}
        order by created_at desc, id desc
        limit ${page.size} offset ${page.page * page.size}`,
  );
  const [count] = await rows<{ total: number }>(
    executor,
    sql`select count(*)::int as total from card_transactions where card_id = ${cardId}`,
  );
  return { items, total: count?.total ?? 0 };
}

export async function countPendingOnCard(executor: Executor, cardId: string) {
  const [found] = await rows<{ count: number }>(
    executor,
    sql`select count(*)::int as count from card_transactions
        where card_id = ${cardId} and status = 'pending'`,
  );
  return found?.count ?? 0;
}

/** Authorisations still pending that were made before `before` (the expiry job's work). */
export async function stalePendingAuthorizations(executor: Executor, before: Date, limit: number) {
  return rows<{ id: string }>(
    executor,
    sql`select id from card_transactions where status = 'pending'
          and created_at < ${before.toISOString()}
        order by created_at limit ${limit}`,
  );
}

// Reveals --------------------------------------------------------------------------------------

export async function countRecentReveals(executor: Executor, userId: string, since: Date) {
  const [found] = await rows<{ count: number }>(
    executor,
    sql`select count(*)::int as count from card_reveals
        where user_id = ${userId} and created_at > ${since.toISOString()}`,
  );
  return found?.count ?? 0;
}

/** Records a reveal attempt, not granted yet; answers its id. */
export async function insertReveal(
  executor: Executor,
  reveal: { userId: string; cardId: string; ipAddress: string | null; at: Date },
) {
  const [inserted] = await rows<{ id: string }>(
    executor,
    sql`insert into card_reveals (user_id, card_id, granted, ip_address, created_at)
        values (${reveal.userId}, ${reveal.cardId}, false, ${reveal.ipAddress},
          ${reveal.at.toISOString()})
        returning id`,
  );
  if (!inserted) throw new Error('a reveal attempt was not recorded');
  return inserted.id;
}

/** The attempt's password was right. */
export async function markRevealGranted(executor: Executor, revealId: string) {
  await executor.execute(sql`update card_reveals set granted = true where id = ${revealId}`);
}

/** Serialises one user's card creations (the per-person limit is checked under it). */
export async function lockUser(executor: Executor, userId: string) {
  await executor.execute(sql`select id from users where id = ${userId} for update`);
}

export async function cardById(executor: Executor, cardId: string) {
  const [card] = await rows<CardRow>(
    executor,
    sql`select ${cardColumns} ${fromCards} where c.id = ${cardId}`,
  );
  return card;
}
