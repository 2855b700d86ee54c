import type { CardTerms } from '@ajo/contracts/cards';
import { formatMinorAsDecimal } from '@ajo/money/format';
import { insertActivity, toTransaction, type ActivityRow } from '../../money/activity.ts';
import { openWallet } from '../../money/ledger/ledger.service.ts';
import type { JobDefinition } from '../../platform/jobs.ts';
import { insertNotification } from '../../platform/notifications.ts';
import { verifyPassword } from '../../platform/passwords.ts';
import { isoTimestamp } from '../../platform/timestamps.ts';
import { cardAuthorizationService } from './card-authorizations.ts';
import { cardFundingService, issuerFailure, type CardDependencies } from './card-funding.ts';
import { postCardTransfer } from './card-ledger.ts';
import {
  CARD_CREATION_FEE_MINOR,
  CARD_MAXIMUM_BALANCE_MINOR,
  CARD_MINIMUM_FUNDING_MINOR,
  CARD_REVEAL_ATTEMPTS,
  CARD_REVEAL_WINDOW_MS,
  cardErrors,
  cardWords,
  feedLines,
  notices,
} from './card-policies.ts';
import { toCard, toCardQuote, toCardTransaction } from './card-views.ts';
import * as repository from './cards.repository.ts';

export type { CardDependencies } from './card-funding.ts';

/** The virtual dollar card: its life from creation to termination, and its authorisations. */
export function cardsService(deps: CardDependencies) {
  const { database, clock, issuer } = deps;
  const funding = cardFundingService(deps);
  const authorizations = cardAuthorizationService(deps);

  async function ownCard(userId: string, cardId: string) {
    const card = await repository.findCard(database.db, userId, cardId);
    if (!card) throw cardErrors.cardNotFound();
    return card;
  }

  async function list(userId: string) {
    return (await repository.listCards(database.db, userId)).map(toCard);
  }

  async function terms(userId: string): Promise<CardTerms> {
    const rate = await funding.rates();
    const { problem } = await funding.eligibility(userId);
    return {
      creation_fee: formatMinorAsDecimal(CARD_CREATION_FEE_MINOR),
      minimum_funding: formatMinorAsDecimal(CARD_MINIMUM_FUNDING_MINOR),
      maximum_balance: formatMinorAsDecimal(CARD_MAXIMUM_BALANCE_MINOR),
      max_cards: deps.maxCardsPerUser,
      rate,
      can_create: problem === undefined,
      cannot_create_reason:
        problem === 'tier'
          ? cardWords.tierRequired
          : problem === 'limit'
            ? cardWords.cardLimit(deps.maxCardsPerUser)
            : null,
    };
  }

  async function quote(userId: string, body: Parameters<typeof funding.quote>[1]) {
    return toCardQuote(await funding.quote(userId, body));
  }

  /** Freeze or unfreeze: the issuer first (so a frozen card is refused at the network too), then ours. */
  async function setFrozen(userId: string, cardId: string, frozen: boolean) {
    const card = await ownCard(userId, cardId);
    if (card.status === 'terminated') throw cardErrors.terminated();
    const wanted = frozen ? 'frozen' : 'active';
    if (card.status === wanted) return toCard(card);
    await issuer.setStatus(card.issuer_card_id, wanted).catch(issuerFailure);
    return database.unitOfWork(async (tx) => {
      const locked = await repository.lockCard(tx, { id: cardId });
      if (!locked || locked.status === 'terminated') throw cardErrors.terminated();
      await repository.setCardStatus(tx, cardId, wanted, clock.now());
      const after = await repository.findCard(tx, userId, cardId);
      if (!after) throw cardErrors.cardNotFound();
      return toCard(after);
    });
  }

  /**
   * `DELETE /cards/{id}`: the issuer terminates the card, then its whole balance moves to the
   * user's USD wallet in one transaction. A card with purchases still pending is not
   * terminated: their holds must settle or lapse first.
   */
  async function terminate(userId: string, cardId: string) {
    const card = await ownCard(userId, cardId);
    if (card.status === 'terminated') throw cardErrors.terminated();
    if ((await repository.countPendingOnCard(database.db, cardId)) > 0) {
      throw cardErrors.pendingPurchases();
    }
    await issuer.setStatus(card.issuer_card_id, 'terminated').catch(issuerFailure);
    const now = clock.now();
    const { after, activity } = await database.unitOfWork(async (tx) => {
      const locked = await repository.lockCard(tx, { id: cardId });
      if (!locked || locked.status === 'terminated') throw cardErrors.terminated();
      if ((await repository.countPendingOnCard(tx, cardId)) > 0) {
        throw cardErrors.pendingPurchases();
      }
      await repository.setCardStatus(tx, cardId, 'terminated', now);
      const balanceMinor = BigInt(locked.balance_minor);
      let row: ActivityRow | undefined;
      if (balanceMinor > 0n) {
        const reference = `AJO-CARDT-${cardId}`;
        await postCardTransfer(tx, {
          idempotencyKey: `${reference}:USD`,
          kind: 'card_termination',
          fromAccountId: locked.ledger_account_id,
          toAccountId: (await openWallet(tx, userId, 'USD')).id,
          amountMinor: balanceMinor,
          description: feedLines.terminate(balanceMinor),
          at: now,
        });
        await repository.insertCardTransaction(tx, {
          cardId,
          userId,
          type: 'termination',
          status: 'completed',
          amountMinor: -balanceMinor,
          reference,
          at: now,
          settledAt: now,
        });
        row = await insertActivity(tx, {
          userId,
          kind: 'card',
          status: 'successful',
          direction: 'credit',
          channel: 'wallet',
          currency: 'USD',
          amountMinor: balanceMinor,
          feeMinor: 0n,
          reference,
          provider: null,
          providerReference: null,
          description: feedLines.terminate(balanceMinor),
          metadata: { card: { card_id: cardId, purpose: 'terminate' } },
          at: now,
        });
      }
      await insertNotification(tx, {
        userId,
        ...notices.terminated(balanceMinor),
        now,
        transactionId: row?.id,
      });
      const terminated = await repository.findCard(tx, userId, cardId);
      if (!terminated) throw cardErrors.cardNotFound();
      return { after: terminated, activity: row };
    });
    return { card: toCard(after), transaction: activity ? toTransaction(activity) : null };
  }

  /**
   * `POST /cards/{id}/reveal`: the password again, at most 5 attempts in 15 minutes per person,
   * each attempt logged (who, which card, when, granted or not; never the number). The answer
   * is the issuer's short-lived vault token: the number and CVV never pass through us.
   */
  async function reveal(
    userId: string,
    cardId: string,
    password: string,
    ipAddress: string | null,
  ) {
    const card = await ownCard(userId, cardId);
    if (card.status === 'terminated') throw cardErrors.terminated();
    const now = clock.now();
    const since = new Date(now.getTime() - CARD_REVEAL_WINDOW_MS);
    // The attempt is counted before the password is checked, under the user's lock, so
    // attempts sent at the same moment cannot all pass the count together.
    const attemptId = await database.unitOfWork(async (tx) => {
      await repository.lockUser(tx, userId);
      if ((await repository.countRecentReveals(tx, userId, since)) >= CARD_REVEAL_ATTEMPTS) {
        return undefined;
      }
      return repository.insertReveal(tx, { userId, cardId, ipAddress, at: now });
    });
    if (!attemptId) throw cardErrors.tooManyReveals();
    const holder = await repository.cardholder(database.db, userId);
    const granted = holder ? await verifyPassword(holder.password_hash, password) : false;
    if (!granted) throw cardErrors.wrongPassword();
    await repository.markRevealGranted(database.db, attemptId);
    const token = await issuer.secretsToken(card.issuer_card_id).catch(issuerFailure);
    return {
      token: token.token,
      number_url: token.numberUrl,
      cvv_url: token.cvvUrl,
      expires_at: isoTimestamp(token.expiresAt),
    };
  }

  async function transactions(
    userId: string,
    cardId: string,
    page: { page: number; size: number },
  ) {
    await ownCard(userId, cardId);
    const found = await repository.pageTransactions(database.db, cardId, page);
    return { items: found.items.map(toCardTransaction), ...page, total: found.total };
  }

  /** The sandbox's view of a card by id alone (the merchant knows the card, not its holder). */
  async function cardForSandbox(cardId: string) {
    return (await repository.cardById(database.db, cardId)) ?? undefined;
  }

  /** Daily: unspent quotes are let go a day after they expired. */
  const quoteCleanupJob: JobDefinition = {
    name: 'card-quotes-cleanup',
    schedule: 'daily',
    run: async ({ now }) => {
      await repository.deleteStaleQuotes(database.db, new Date(now.getTime() - 24 * 60 * 60_000));
    },
  };

  return {
    quoteCleanupJob,
    list,
    terms,
    quote,
    create: funding.create,
    fund: (userId: string, cardId: string, body: Parameters<typeof funding.move>[3], key: string) =>
      funding.move(userId, cardId, 'fund', body, key),
    withdraw: (
      userId: string,
      cardId: string,
      body: Parameters<typeof funding.move>[3],
      key: string,
    ) => funding.move(userId, cardId, 'withdraw', body, key),
    freeze: (userId: string, cardId: string) => setFrozen(userId, cardId, true),
    unfreeze: (userId: string, cardId: string) => setFrozen(userId, cardId, false),
    terminate,
    reveal,
    transactions,
    cardForSandbox,
    authorizations,
    toCardTransaction,
  };
}

export type CardsService = ReturnType<typeof cardsService>;
