import { formatMoney } from '@ajo/money/format';
import { insertActivity } from '../../money/activity.ts';
import {
  accountBalance,
  openWallet,
  placeHolds,
  postHold,
  systemAccount,
  voidHold,
} from '../../money/ledger/ledger.service.ts';
import type { Clock } from '../../platform/clock.ts';
import type { Database, Tx } from '../../platform/db.ts';
import type { JobDefinition } from '../../platform/jobs.ts';
import { insertNotification } from '../../platform/notifications.ts';
import type {
  AuthorizationAnswer,
  CardIssuer,
  CardIssuerEvent,
  CardMerchant,
  IssuerAnswer,
} from '../../providers/cards/cards.port.ts';
import { postCardTransfer, postSettlement } from './card-ledger.ts';
import {
  CARD_AUTHORIZATION_EXPIRY_MS,
  cardErrors,
  declineReasons,
  notices,
  type DeclineReason,
} from './card-policies.ts';
import * as repository from './cards.repository.ts';

type AuthorizationRequest = Extract<CardIssuerEvent, { type: 'authorization.request' }>;

/** The decision on one authorisation, and the card transaction that records it. */
export interface Decision {
  answer: AuthorizationAnswer;
  transaction: repository.CardTransactionRow;
}

const decisionOf = (transaction: repository.CardTransactionRow): AuthorizationAnswer =>
  transaction.status === 'declined'
    ? {
        approved: false,
        code:
          transaction.decline_code !== null && transaction.decline_code in declineReasons
            ? declineReasons[transaction.decline_code as DeclineReason].code
            : '05',
      }
    : { approved: true };

/**
 * Authorisations (decision 0025). Every decision is taken under the card's row lock, so
 * authorisations on one card are decided one at a time and can never spend the same dollar
 * twice; an approval is a hold on the card's ledger account, settled, reversed or expired
 * exactly once under the card transaction's row lock, whatever the issuer replays.
 */
export function cardAuthorizationService(deps: {
  database: Database;
  clock: Clock;
  issuer: CardIssuer;
}) {
  const { database, clock, issuer } = deps;

  async function decline(
    tx: Tx,
    card: repository.CardRow,
    request: AuthorizationRequest,
    reason: DeclineReason,
    at: Date,
  ) {
    const transaction = await repository.insertCardTransaction(tx, {
      cardId: card.id,
      userId: card.user_id,
      type: 'purchase',
      status: 'declined',
      amountMinor: -request.amountMinor,
      authorizedMinor: request.amountMinor,
      merchant: request.merchant,
      declineCode: reason,
      reference: `AJO-CAUTH-${request.authorizationId}`,
      issuerReference: request.authorizationId,
      at,
    });
    await insertNotification(tx, {
      userId: card.user_id,
      ...notices.declined(request.merchant.name, request.amountMinor, declineReasons[reason].words),
      now: at,
    });
    return transaction;
  }

  /**
   * Our answer to the issuer's `authorization.request`: approve when the card is active and its
   * available balance covers the amount (holding it), decline otherwise with the reason kept.
   * A replayed request answers the first decision. Undefined when the card is not ours.
   */
  async function authorize(
    request: AuthorizationRequest,
    options: { declinedByIssuer?: boolean } = {},
  ): Promise<Decision | undefined> {
    const at = clock.now();
    return database.unitOfWork(async (tx) => {
      const card = await repository.lockCard(tx, {
        issuer: issuer.slug,
        issuerCardId: request.issuerCardId,
      });
      if (!card) return undefined;
      const before = await repository.findTransactionByIssuerReference(tx, request.authorizationId);
      if (before) return { answer: decisionOf(before), transaction: before };
      const reason: DeclineReason | undefined = options.declinedByIssuer
        ? 'issuer_declined'
        : card.status === 'terminated'
          ? 'terminated'
          : card.status === 'frozen'
            ? 'frozen'
            : request.currency !== 'USD'
              ? 'currency'
              : undefined;
      if (reason) {
        const transaction = await decline(tx, card, request, reason, at);
        return { answer: decisionOf(transaction), transaction };
      }
      const [hold] = await placeHolds(
        tx,
        [
          {
            idempotencyKey: `card-auth:${issuer.slug}:${request.authorizationId}`,
            accountId: card.ledger_account_id,
            amountMinor: request.amountMinor,
          },
        ],
        at,
      );
      if (hold?.outcome !== 'placed' && hold?.outcome !== 'replayed') {
        const transaction = await decline(tx, card, request, 'insufficient_funds', at);
        return { answer: decisionOf(transaction), transaction };
      }
      const transaction = await repository.insertCardTransaction(tx, {
        cardId: card.id,
        userId: card.user_id,
        type: 'purchase',
        status: 'pending',
        amountMinor: -request.amountMinor,
        authorizedMinor: request.amountMinor,
        merchant: request.merchant,
        reference: `AJO-CAUTH-${request.authorizationId}`,
        issuerReference: request.authorizationId,
        holdId: hold.holdId,
        at,
      });
      return { answer: { approved: true }, transaction };
    });
  }

  /** A pending purchase and its card, both locked (card first, as `authorize` takes them). */
  async function lockPending(tx: Tx, by: { id: string } | { issuerReference: string }) {
    const found =
      'id' in by
        ? await repository.lockTransaction(tx, by)
        : await repository.findTransactionByIssuerReference(tx, by.issuerReference);
    if (found?.type !== 'purchase') return undefined;
    const card = await repository.lockCard(tx, { id: found.card_id });
    const transaction = await repository.lockTransaction(tx, { id: found.id });
    if (!card || !transaction) return undefined;
    return { card, transaction };
  }

  /**
   * The merchant settled `amountMinor` (by default what was authorised): posted once. Equal to
   * the hold, the hold is posted as it is; different, the hold is released and the settled
   * amount posted instead (`postSettlement`: an over-settlement beyond the card's balance is
   * advanced from suspense and recorded as the transaction's shortfall).
   */
  async function settle(
    by: { id: string } | { issuerReference: string },
    amountMinor?: bigint,
  ): Promise<repository.CardTransactionRow | undefined> {
    const at = clock.now();
    return database.unitOfWork(async (tx) => {
      const locked = await lockPending(tx, by);
      if (!locked) return undefined;
      const { card, transaction } = locked;
      if (transaction.status !== 'pending' || !transaction.hold_id) return transaction;
      const heldMinor = BigInt(transaction.authorized_minor ?? '0');
      const settledMinor = amountMinor ?? heldMinor;
      const description = `Card payment at ${transaction.merchant_name ?? 'a merchant'}`;
      let shortfallMinor = 0n;
      if (settledMinor === heldMinor) {
        await postHold(tx, {
          holdId: transaction.hold_id,
          toAccountId: (await systemAccount(tx, 'provider_settlement', 'USD')).id,
          kind: 'card_purchase',
          description,
          at,
        });
      } else {
        await voidHold(tx, transaction.hold_id, at);
        const { availableMinor } = await accountBalance(tx, card.ledger_account_id);
        shortfallMinor =
          settledMinor === 0n
            ? 0n
            : await postSettlement(tx, {
                idempotencyKey: `card-settle:${transaction.id}`,
                cardAccountId: card.ledger_account_id,
                cardAvailableMinor: availableMinor,
                settledMinor,
                description,
                at,
              });
      }
      return repository.finishTransaction(tx, transaction.id, {
        status: 'settled',
        amountMinor: -settledMinor,
        shortfallMinor,
        at,
      });
    });
  }

  /** The merchant cancelled, or the authorisation lapsed: the hold is released once. */
  async function reverse(
    by: { id: string } | { issuerReference: string },
  ): Promise<repository.CardTransactionRow | undefined> {
    const at = clock.now();
    return database.unitOfWork(async (tx) => {
      const locked = await lockPending(tx, by);
      if (!locked) return undefined;
      const { transaction } = locked;
      if (transaction.status !== 'pending' || !transaction.hold_id) return transaction;
      await voidHold(tx, transaction.hold_id, at);
      return repository.finishTransaction(tx, transaction.id, {
        status: 'reversed',
        amountMinor: BigInt(transaction.amount_minor),
        shortfallMinor: 0n,
        at,
      });
    });
  }

  /**
   * A refund of a settled purchase (its own issuer id, so a replay writes nothing): the dollars
   * come back from the issuer onto the card, or to the USD wallet if the card is terminated.
   */
  async function refund(event: Extract<CardIssuerEvent, { type: 'authorization.refunded' }>) {
    const at = clock.now();
    return database.unitOfWork(async (tx) => {
      if (await repository.findTransactionByIssuerReference(tx, event.refundId)) return;
      const purchase = await repository.findTransactionByIssuerReference(tx, event.authorizationId);
      if (!purchase) return;
      const card = await repository.lockCard(tx, { id: purchase.card_id });
      if (!card || event.amountMinor <= 0n) return;
      const toAccountId =
        card.status === 'terminated'
          ? (await openWallet(tx, card.user_id, 'USD')).id
          : card.ledger_account_id;
      const merchant = purchase.merchant_name ?? 'a merchant';
      await postCardTransfer(tx, {
        idempotencyKey: `card-refund:${issuer.slug}:${event.refundId}`,
        kind: 'card_refund',
        fromAccountId: (await systemAccount(tx, 'provider_settlement', 'USD')).id,
        toAccountId,
        amountMinor: event.amountMinor,
        description: `Refund from ${merchant}`,
        at,
      });
      const merchantOf: CardMerchant = {
        name: merchant,
        city: purchase.merchant_city,
        country: purchase.merchant_country,
      };
      await repository.insertCardTransaction(tx, {
        cardId: card.id,
        userId: card.user_id,
        type: 'refund',
        status: 'completed',
        amountMinor: event.amountMinor,
        authorizedMinor: event.amountMinor,
        merchant: merchantOf,
        reference: `AJO-CREF-${event.refundId}`,
        issuerReference: event.refundId,
        at,
        settledAt: at,
      });
      if (card.status === 'terminated') {
        await insertActivity(tx, {
          userId: card.user_id,
          kind: 'card',
          status: 'successful',
          direction: 'credit',
          channel: 'wallet',
          currency: 'USD',
          amountMinor: event.amountMinor,
          feeMinor: 0n,
          reference: `AJO-CREF-${event.refundId}`,
          provider: issuer.slug,
          providerReference: `refund:${event.refundId}`,
          description: `Refund from ${merchant} (${formatMoney(event.amountMinor, 'USD')})`,
          metadata: { card: { card_id: card.id } },
          at,
        });
      }
    });
  }

  /** What the issuer told us, acted on once; an event that asks for an answer gets one. */
  async function handle(event: CardIssuerEvent): Promise<IssuerAnswer | undefined> {
    switch (event.type) {
      case 'authorization.request': {
        const decision = await authorize(event);
        return decision?.answer ?? { approved: false, code: '14' };
      }
      case 'card.balance': {
        // What an authorisation could spend now: a card not ours, or not active, has nothing.
        const card = await repository.findCardByIssuerId(database.db, {
          issuer: issuer.slug,
          issuerCardId: event.issuerCardId,
        });
        if (card?.status !== 'active') return { balanceMinor: 0n };
        const { availableMinor } = await accountBalance(database.db, card.ledger_account_id);
        return { balanceMinor: availableMinor };
      }
      case 'authorization.settled':
        await settle({ issuerReference: event.authorizationId }, event.amountMinor);
        return undefined;
      case 'authorization.reversed':
        await reverse({ issuerReference: event.authorizationId });
        return undefined;
      case 'authorization.refunded':
        await refund(event);
        return undefined;
      case 'ignored':
        return undefined;
    }
  }

  /** Hourly: authorisations neither settled nor reversed within 7 days are released. */
  const expiryJob: JobDefinition = {
    name: 'card-authorizations-expiry',
    schedule: { everyMinutes: 60 },
    run: async ({ now }) => {
      const before = new Date(now.getTime() - CARD_AUTHORIZATION_EXPIRY_MS);
      for (;;) {
        const stale = await repository.stalePendingAuthorizations(database.db, before, 100);
        for (const { id } of stale) await reverse({ id });
        if (stale.length < 100) return;
      }
    },
  };

  /** For the sandbox: a settle or reverse of a purchase that is no longer pending is refused. */
  function assertFinishable(
    transaction: repository.CardTransactionRow | undefined,
    wanted: 'settled' | 'reversed',
  ) {
    if (!transaction) throw cardErrors.authorizationNotFound();
    if (transaction.status !== wanted && transaction.status !== 'pending') {
      throw cardErrors.notPending();
    }
    return transaction;
  }

  return { authorize, settle, reverse, refund, handle, expiryJob, assertFinishable };
}

export type CardAuthorizationService = ReturnType<typeof cardAuthorizationService>;
