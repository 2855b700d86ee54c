import { randomUUID } from 'node:crypto';
import type { CardMoneyBody, CreateCardBody } from '@ajo/contracts/cards';
import { formatMinorAsDecimal, formatMoney } from '@ajo/money/format';
import {
  findActivityByReference,
  insertActivity,
  toTransaction,
  type ActivityRow,
} from '../../money/activity.ts';
import {
  accountBalance,
  openProductAccount,
  openWallet,
} from '../../money/ledger/ledger.service.ts';
import type { BackgroundWork } from '../../platform/background.ts';
import type { Clock } from '../../platform/clock.ts';
import type { Database, Tx } from '../../platform/db.ts';
import type { FieldCrypto } from '../../platform/field-crypto.ts';
import { insertNotification } from '../../platform/notifications.ts';
import { CardIssuerError, type CardIssuer } from '../../providers/cards/cards.port.ts';
import type { ExchangeRateProvider } from '../../providers/rates/rates.port.ts';
import { verifiedIdentityOf } from '../virtual-accounts/virtual-accounts.service.ts';
import { postCardConversion } from './card-ledger.ts';
import {
  CARD_CREATION_FEE_MINOR,
  CARD_MAXIMUM_BALANCE_MINOR,
  CARD_MINIMUM_FUNDING_MINOR,
  CARD_REQUIRED_TIER,
  cardErrors,
  feedLines,
  notices,
  quoteError,
  type QuoteProblem,
} from './card-policies.ts';
import { cardQuoteService, dollarAmount, quoteProblem } from './card-quotes.ts';
import { nairaTotalMinor, toCard } from './card-views.ts';
import * as repository from './cards.repository.ts';
import { referenceForKey, replayedIf } from '../../platform/idempotency.ts';

export interface CardDependencies {
  database: Database;
  clock: Clock;
  rates: ExchangeRateProvider;
  issuer: CardIssuer;
  /** Reads the verified BVN and date of birth the issuer's customer is created with. */
  crypto: FieldCrypto;
  background: BackgroundWork;
  /** How many active or frozen cards one person may hold. */
  maxCardsPerUser: number;
}

/** An issuer failure as the person sees it: try again later (503) or refused (502). */
export function issuerFailure(error: unknown): never {
  if (error instanceof CardIssuerError) {
    throw error.reason === 'rejected' ? cardErrors.issuerRefused() : cardErrors.issuerUnavailable();
  }
  throw error;
}

const naira = (minor: bigint) => formatMoney(minor, 'NGN');

/** The naira wallet's activity row of a card movement, with its notice. */
async function recordActivity(
  tx: Tx,
  movement: {
    userId: string;
    reference: string;
    quote: repository.CardQuoteRow;
    cardId: string;
    description: string;
    notice: { title: string; body: string };
    at: Date;
  },
) {
  const { quote } = movement;
  const activity = await insertActivity(tx, {
    userId: movement.userId,
    kind: 'card',
    status: 'successful',
    direction: quote.purpose === 'withdraw' ? 'credit' : 'debit',
    channel: 'wallet',
    currency: 'NGN',
    amountMinor: nairaTotalMinor(quote),
    feeMinor: BigInt(quote.fee_minor),
    reference: movement.reference,
    provider: null,
    providerReference: null,
    description: movement.description,
    metadata: {
      card: {
        card_id: movement.cardId,
        purpose: quote.purpose,
        amount: formatMinorAsDecimal(BigInt(quote.usd_minor)),
        card_fee: formatMinorAsDecimal(BigInt(quote.card_fee_minor)),
        currency: 'USD',
        rate: quote.rate,
        quote_id: quote.id,
      },
    },
    at: movement.at,
  });
  if (!activity) throw new Error('the card movement’s activity row was not written');
  await insertNotification(tx, {
    userId: movement.userId,
    ...movement.notice,
    now: movement.at,
    transactionId: activity.id,
  });
  return activity;
}

/** Whether a card movement's activity row is the one this quote (and card) asked for. */
function sameCardMovement(activity: ActivityRow | undefined, quoteId: string, cardId?: string) {
  const card = activity?.metadata.card as { quote_id?: unknown; card_id?: unknown } | undefined;
  return card?.quote_id === quoteId && (cardId === undefined || card.card_id === cardId);
}

interface Refused {
  refused: QuoteProblem | 'naira_short' | 'card_limit' | 'above_maximum';
}

function refusal(outcome: Refused, maxCards: number, roomMinor = 0n): never {
  switch (outcome.refused) {
    case 'naira_short':
      throw cardErrors.nairaShort();
    case 'card_limit':
      throw cardErrors.cardLimit(maxCards);
    case 'above_maximum':
      throw cardErrors.aboveMaximum(roomMinor);
    default:
      throw quoteError(outcome.refused);
  }
}

export function cardFundingService(deps: CardDependencies) {
  const { database, clock, issuer, crypto, background, maxCardsPerUser } = deps;
  const quotes = cardQuoteService(deps);

  /** Who may create a card now: tier 2 and fewer live cards than the limit. */
  async function eligibility(userId: string): Promise<{
    holder: repository.CardholderRow | undefined;
    problem: 'tier' | 'limit' | undefined;
  }> {
    const holder = await repository.cardholder(database.db, userId);
    if (!holder || holder.tier < CARD_REQUIRED_TIER) return { holder, problem: 'tier' };
    if ((await repository.countLiveCards(database.db, userId)) >= maxCardsPerUser) {
      return { holder, problem: 'limit' };
    }
    return { holder, problem: undefined };
  }

  async function assertMayCreate(userId: string) {
    const { holder, problem } = await eligibility(userId);
    if (problem === 'tier' || !holder) throw cardErrors.tierRequired();
    if (problem === 'limit') throw cardErrors.cardLimit(maxCardsPerUser);
    return holder;
  }

  function assertCreateAmount(usdMinor: bigint) {
    if (usdMinor < CARD_MINIMUM_FUNDING_MINOR) throw cardErrors.belowMinimum();
    if (usdMinor > CARD_MAXIMUM_BALANCE_MINOR) {
      throw cardErrors.aboveMaximum(CARD_MAXIMUM_BALANCE_MINOR);
    }
  }

  /**
   * `POST /cards` (Idempotency-Key): the issuer makes the card first (outside any transaction,
   * so a slow issuer holds no lock), then one transaction spends the quote, debits the naira
   * wallet, funds the card's USD account less the creation fee and records it all. If that
   * transaction refuses (the wallet is short, the quote was spent meanwhile), the issuer's card
   * is terminated again.
   */
  async function create(userId: string, body: CreateCardBody, idempotencyKey: string) {
    const usdMinor = dollarAmount(body.amount);
    const reference = referenceForKey('AJO-CARD', userId, idempotencyKey);
    const done = await repository.findCardByReference(database.db, reference);
    if (done) {
      const activity = await findActivityByReference(database.db, reference);
      return answerFor(done, replayedIf(activity, sameCardMovement(activity, body.quote_id)));
    }
    const holder = await assertMayCreate(userId);
    assertCreateAmount(usdMinor);
    const expected = { purpose: 'create' as const, usdMinor, cardId: null };
    const quote = await repository.findQuote(database.db, userId, body.quote_id);
    const problem = quoteProblem(quote, expected, clock.now());
    if (problem || !quote) throw quoteError(problem ?? 'quote_required');
    const wallet = await openWallet(database.db, userId, 'NGN');
    const { availableMinor } = await accountBalance(database.db, wallet.id);
    if (availableMinor < nairaTotalMinor(quote)) throw cardErrors.nairaShort();

    const issuerCardholderId = await repository.issuerCardholderOf(
      database.db,
      userId,
      issuer.slug,
    );
    // The issuer's customer is made once, with the identity the user was verified with.
    const identity = issuerCardholderId
      ? undefined
      : await verifiedIdentityOf(database.db, crypto, userId);
    const issued = await issuer
      .createCard({
        reference,
        cardholder: {
          userId,
          firstName: holder.first_name,
          lastName: holder.last_name,
          email: holder.email,
          phone: holder.phone,
          ...(identity ? { identity } : {}),
        },
        issuerCardholderId,
      })
      .catch(issuerFailure);

    const now = clock.now();
    type Outcome =
      Refused | { card: repository.CardRow; activity: ActivityRow | undefined; raced?: true };
    const outcome = await database.unitOfWork(async (tx): Promise<Outcome> => {
      // The same key's other request made the card while this one waited for the issuer.
      const existing = await repository.findCardByReference(tx, reference);
      if (existing) {
        const activity = await findActivityByReference(tx, reference);
        return { card: existing, activity, raced: true };
      }
      await repository.lockUser(tx, userId);
      if ((await repository.countLiveCards(tx, userId)) >= maxCardsPerUser) {
        return { refused: 'card_limit' };
      }
      const locked = await repository.lockQuote(tx, userId, body.quote_id);
      const lockedProblem = quoteProblem(locked, expected, now);
      if (lockedProblem || !locked) return { refused: lockedProblem ?? 'quote_required' };
      const cardId = randomUUID();
      const account = await openProductAccount(tx, {
        userId,
        product: 'card',
        productId: cardId,
        currency: 'USD',
      });
      const description = feedLines.create(usdMinor);
      const posted = await postCardConversion(tx, {
        reference,
        quote: locked,
        nairaWalletId: (await openWallet(tx, userId, 'NGN')).id,
        cardAccountId: account.id,
        description,
        at: now,
      });
      if (!posted) return { refused: 'naira_short' };
      await repository.insertCard(tx, {
        id: cardId,
        userId,
        reference,
        issuer: issuer.slug,
        ...issued,
        ledgerAccountId: account.id,
        at: now,
      });
      await repository.markQuoteUsed(tx, locked.id, now);
      const feeMinor = BigInt(locked.card_fee_minor);
      await repository.insertCardTransaction(tx, {
        cardId,
        userId,
        type: 'funding',
        status: 'completed',
        amountMinor: usdMinor + feeMinor,
        reference: `${reference}-FUND`,
        at: now,
        settledAt: now,
      });
      if (feeMinor > 0n) {
        await repository.insertCardTransaction(tx, {
          cardId,
          userId,
          type: 'creation_fee',
          status: 'completed',
          amountMinor: -feeMinor,
          reference: `${reference}-FEE`,
          at: new Date(now.getTime() + 1),
          settledAt: now,
        });
      }
      const activity = await recordActivity(tx, {
        userId,
        reference,
        quote: locked,
        cardId,
        description,
        notice: notices.created(usdMinor, feeMinor, naira(nairaTotalMinor(locked))),
        at: now,
      });
      const card = await repository.findCardByReference(tx, reference);
      if (!card) throw new Error('the card just made could not be read');
      return { card, activity };
    });
    if ('refused' in outcome) {
      // Best effort: the issuer's card is no one's now.
      background.start('card-create-undo', () =>
        issuer.setStatus(issued.issuerCardId, 'terminated'),
      );
      refusal(outcome, maxCardsPerUser);
    }
    if (outcome.raced) {
      // The other request funds its card's mirror; a second card the issuer made for this one
      // (an issuer that does not answer one reference with one card) is no one's.
      if (issued.issuerCardId !== outcome.card.issuer_card_id) {
        background.start('card-create-undo', () =>
          issuer.setStatus(issued.issuerCardId, 'terminated'),
        );
      }
      const same = sameCardMovement(outcome.activity, body.quote_id);
      return answerFor(outcome.card, replayedIf(outcome.activity, same));
    }
    mirror(outcome.card.issuer_card_id, 'fund', usdMinor, reference);
    return answerFor(outcome.card, outcome.activity);
  }

  /**
   * The issuer's card account follows our ledger after each commit (decision 0025: with a
   * gateway funding source our ledger is the card's balance; the issuer's is a mirror).
   */
  function mirror(
    issuerCardId: string,
    way: 'fund' | 'withdraw',
    amountMinor: bigint,
    reference: string,
  ) {
    background.start(`card-${way}-mirror`, () =>
      issuer[way]({ issuerCardId, amountMinor, reference }),
    );
  }

  function answerFor(card: repository.CardRow, activity: ActivityRow | undefined) {
    if (!activity) throw new Error('a card movement has no activity row');
    return { card: toCard(card), transaction: toTransaction(activity) };
  }

  /**
   * `POST /cards/{id}/fund` and `/withdraw` (Idempotency-Key): in one transaction under the
   * card's row lock, the quote is spent, the limits checked and both currencies posted.
   */
  async function move(
    userId: string,
    cardId: string,
    way: 'fund' | 'withdraw',
    body: CardMoneyBody,
    idempotencyKey: string,
  ) {
    const usdMinor = dollarAmount(body.amount);
    const reference = referenceForKey(
      way === 'fund' ? 'AJO-CARDF' : 'AJO-CARDW',
      userId,
      idempotencyKey,
    );
    const card = await repository.findCard(database.db, userId, cardId);
    if (!card) throw cardErrors.cardNotFound();
    const done = await findActivityByReference(database.db, reference);
    if (done)
      return answerFor(card, replayedIf(done, sameCardMovement(done, body.quote_id, cardId)));
    if (way === 'fund' && usdMinor < CARD_MINIMUM_FUNDING_MINOR) throw cardErrors.belowMinimum();
    const now = clock.now();
    const expected = { purpose: way, usdMinor, cardId };
    type Outcome =
      | Refused
      | { refusedAmount: 'above_available' | 'above_maximum'; roomMinor: bigint }
      | { card: repository.CardRow; activity: ActivityRow };
    const outcome = await database.unitOfWork(async (tx): Promise<Outcome> => {
      const before = await findActivityByReference(tx, reference);
      const locked = await repository.lockCard(tx, { id: cardId });
      if (!locked) throw cardErrors.cardNotFound();
      if (before) {
        const same = sameCardMovement(before, body.quote_id, cardId);
        return { card: locked, activity: replayedIf(before, same) };
      }
      if (locked.status === 'terminated') throw cardErrors.terminated();
      const balanceMinor = BigInt(locked.balance_minor);
      const availableMinor = balanceMinor - BigInt(locked.held_minor);
      if (way === 'fund' && balanceMinor + usdMinor > CARD_MAXIMUM_BALANCE_MINOR) {
        return {
          refusedAmount: 'above_maximum',
          roomMinor: CARD_MAXIMUM_BALANCE_MINOR - balanceMinor,
        };
      }
      if (way === 'withdraw' && usdMinor > availableMinor) {
        return { refusedAmount: 'above_available', roomMinor: availableMinor };
      }
      const quote = await repository.lockQuote(tx, userId, body.quote_id);
      const problem = quoteProblem(quote, expected, now);
      if (problem || !quote) return { refused: problem ?? 'quote_required' };
      const description = way === 'fund' ? feedLines.fund(usdMinor) : feedLines.withdraw(usdMinor);
      const posted = await postCardConversion(tx, {
        reference,
        quote,
        nairaWalletId: (await openWallet(tx, userId, 'NGN')).id,
        cardAccountId: locked.ledger_account_id,
        description,
        at: now,
      });
      if (!posted) return { refused: 'naira_short' };
      await repository.markQuoteUsed(tx, quote.id, now);
      await repository.insertCardTransaction(tx, {
        cardId,
        userId,
        type: way === 'fund' ? 'funding' : 'withdrawal',
        status: 'completed',
        amountMinor: way === 'fund' ? usdMinor : -usdMinor,
        reference,
        at: now,
        settledAt: now,
      });
      const nairaText = naira(nairaTotalMinor(quote));
      const activity = await recordActivity(tx, {
        userId,
        reference,
        quote,
        cardId,
        description,
        notice:
          way === 'fund'
            ? notices.funded(usdMinor, nairaText)
            : notices.withdrawn(usdMinor, nairaText),
        at: now,
      });
      const after = await repository.findCard(tx, userId, cardId);
      if (!after) throw cardErrors.cardNotFound();
      return { card: after, activity };
    });
    if ('refusedAmount' in outcome) {
      throw outcome.refusedAmount === 'above_available'
        ? cardErrors.aboveAvailable(outcome.roomMinor)
        : cardErrors.aboveMaximum(outcome.roomMinor);
    }
    if ('refused' in outcome) refusal(outcome, maxCardsPerUser);
    mirror(outcome.card.issuer_card_id, way, usdMinor, reference);
    return answerFor(outcome.card, outcome.activity);
  }

  /** `POST /cards/quotes`: a quote for creating, funding or withdrawing, checked against the rules. */
  async function quote(
    userId: string,
    body: {
      purpose: 'create' | 'fund' | 'withdraw';
      amount: unknown;
      card_id?: string | undefined;
    },
  ) {
    const usdMinor = dollarAmount(body.amount);
    if (body.purpose === 'create') {
      await assertMayCreate(userId);
      assertCreateAmount(usdMinor);
      return quotes.create(userId, {
        purpose: 'create',
        usdMinor,
        cardFeeMinor: CARD_CREATION_FEE_MINOR,
        cardId: null,
      });
    }
    if (!body.card_id) throw cardErrors.cardIdRequired();
    const card = await repository.findCard(database.db, userId, body.card_id);
    if (!card) throw cardErrors.cardNotFound();
    if (card.status === 'terminated') throw cardErrors.terminated();
    const balanceMinor = BigInt(card.balance_minor);
    if (body.purpose === 'fund') {
      if (usdMinor < CARD_MINIMUM_FUNDING_MINOR) throw cardErrors.belowMinimum();
      if (balanceMinor + usdMinor > CARD_MAXIMUM_BALANCE_MINOR) {
        throw cardErrors.aboveMaximum(CARD_MAXIMUM_BALANCE_MINOR - balanceMinor);
      }
    } else {
      const availableMinor = balanceMinor - BigInt(card.held_minor);
      if (usdMinor > availableMinor) throw cardErrors.aboveAvailable(availableMinor);
    }
    return quotes.create(userId, {
      purpose: body.purpose,
      usdMinor,
      cardFeeMinor: 0n,
      cardId: card.id,
    });
  }

  return { create, move, quote, eligibility, rates: quotes.currentRates };
}

export type CardFundingService = ReturnType<typeof cardFundingService>;
