import { sql } from 'drizzle-orm';
import { businessDate } from '../../platform/clock.ts';
import { rows } from '../../platform/db.ts';
import { AppError, notFound } from '../../platform/errors.ts';
import { idempotencyKeyReused, referenceForKey } from '../../platform/idempotency.ts';
import { newActivityReference } from '../../money/activity.ts';
import { dailyTotal } from '../../money/daily-totals.ts';
import { accountBalance, insufficientFunds, walletsOf } from '../../money/ledger/ledger.service.ts';
import {
  amountFromInput,
  checkPerTransactionLimits,
  feeRule,
  largestAmountWithin,
  limitsFor,
  naira,
  raiseLimitHint,
  type LimitWording,
} from '../../money/limits.ts';
import type {
  MovementPolicy,
  Placement,
} from '../../money/provider-movements/provider-movement.ts';
import {
  providerMovements,
  type ProviderMovementsDependencies,
} from '../../money/provider-movements/provider-movements.ts';
import type { PayoutsProvider } from '../../providers/payouts/payouts.port.ts';
import { bankDestinationSchema, bankPayouts, type BankDestination } from './bank-payouts.ts';

export interface WithdrawalsDependencies extends ProviderMovementsDependencies {
  payouts: PayoutsProvider;
}

/** The `transaction_limits` and `processing_fees` item of withdrawals. */
const operation = 'withdraw';

const withdrawalWording: LimitWording = {
  notAllowed: {
    code: 'withdrawals_not_allowed',
    message: 'Verify your BVN before withdrawing from your wallet',
  },
  noun: 'withdrawal',
  aboveMaximum: (maximum, tier) =>
    `Your account can withdraw at most ${maximum} at a time.${raiseLimitHint(tier)}`,
};

/** A bank account as every screen and notice names it: the bank and the last four digits. */
export const bankLabel = (destination: BankDestination) =>
  `${destination.bank_name} ${destination.account_number.slice(-4).padStart(10, '•')}`;

/** Withdrawals as a product of the money core: a bank transfer to the user's own account. */
const withdrawalPolicy: MovementPolicy<BankDestination> = {
  product: 'withdrawal',
  kind: 'withdrawal',
  channel: 'bank_transfer',
  limitedOperation: operation,
  parseDestination: (stored) => bankDestinationSchema.parse(stored),
  describe: (destination) => `Withdrawal to ${bankLabel(destination)}`,
  notice: (status, { amountMinor, destination }) => {
    const amount = naira(amountMinor);
    const to = bankLabel(destination);
    if (status === 'successful') {
      return { title: 'Withdrawal successful', body: `${amount} was sent to ${to}.` };
    }
    if (status === 'failed') {
      return {
        title: 'Withdrawal failed',
        body: `Your withdrawal of ${amount} to ${to} failed. The money is back in your wallet.`,
      };
    }
    return {
      title: 'Withdrawal reversed',
      body: `Your withdrawal of ${amount} to ${to} was reversed by the bank. The money is back in your wallet.`,
    };
  },
};

const dailyLimitReached = (remainingMinor: bigint) =>
  new AppError(
    'daily_limit_reached',
    remainingMinor === 0n
      ? 'You have reached your daily withdrawal limit; try again tomorrow'
      : `You can withdraw ${naira(remainingMinor)} more today`,
    422,
    [{ path: 'amount', message: 'Above what is left of your daily limit' }],
  );

/** The product's words for each refusal of the money core (exhaustive). */
function refusal(placement: Exclude<Placement, { outcome: 'placed' | 'replayed' }>): AppError {
  switch (placement.outcome) {
    case 'insufficient_funds':
      return insufficientFunds();
    case 'daily_limit':
      return dailyLimitReached(placement.remainingMinor);
    case 'different_request':
      return idempotencyKeyReused();
  }
}

export function withdrawalsService(deps: WithdrawalsDependencies) {
  const { database, clock } = deps;
  const movements = providerMovements(deps, withdrawalPolicy, bankPayouts(deps.payouts));

  /** The withdrawer's tier and, when it is theirs and linked, the bank account asked for. */
  async function withdrawer(userId: string, bankAccountId?: string) {
    const [found] = await rows<{ tier: number } & Partial<BankDestination>>(
      database.db,
      sql`select u.tier, b.bank_code, b.bank_name, b.account_number, b.account_name
            from users u
            left join bank_accounts b on b.id = ${bankAccountId ?? null}::uuid
                 and b.user_id = u.id and b.deleted_at is null
           where u.id = ${userId}`,
    );
    return found ?? { tier: 0 };
  }

  /** Limits, fee and what can be withdrawn now; without an amount, for "Withdraw all". */
  async function quote(userId: string, amountInput?: string | number) {
    const { tier } = await withdrawer(userId);
    const limits = await limitsFor(database.db, operation, tier);
    const fee = await feeRule(database.db, operation);
    const used = await dailyTotal(database.db, userId, operation, businessDate(clock.now()));
    const dailyRemainingMinor =
      limits.dailyMinor === null ? null : limits.dailyMinor > used ? limits.dailyMinor - used : 0n;
    const wallets = await walletsOf(database.db, [userId], 'NGN');
    const { availableMinor } = await accountBalance(database.db, wallets.get(userId) ?? '');
    let withdrawableMinor = largestAmountWithin(availableMinor, fee);
    for (const cap of [limits.perTransactionMinor, dailyRemainingMinor]) {
      if (cap !== null && cap < withdrawableMinor) withdrawableMinor = cap;
    }
    const amountMinor =
      amountInput === undefined ? withdrawableMinor : amountFromInput(amountInput);
    if (amountInput !== undefined) {
      checkPerTransactionLimits(amountMinor, limits, tier, withdrawalWording);
      if (dailyRemainingMinor !== null && amountMinor > dailyRemainingMinor) {
        throw dailyLimitReached(dailyRemainingMinor);
      }
    }
    return {
      amountMinor,
      feeMinor: fee(amountMinor),
      minimumMinor: limits.minimumMinor,
      maximumMinor: limits.perTransactionMinor,
      dailyRemainingMinor,
      availableMinor,
      withdrawableMinor,
    };
  }

  /**
   * Hold → bank transfer → (webhook or re-query) post or release, each exactly once, through the
   * money core. The answer comes once the hold is committed; the transfer follows in the
   * background, and the transaction's status follows what the bank says.
   */
  async function withdraw(
    userId: string,
    body: { amount: string | number; bank_account_id: string },
    idempotencyKey?: string,
  ) {
    const amountMinor = amountFromInput(body.amount);
    const found = await withdrawer(userId, body.bank_account_id);
    if (!found.account_number || !found.bank_code || !found.bank_name || !found.account_name) {
      throw notFound('We could not find this bank account');
    }
    const limits = await limitsFor(database.db, operation, found.tier);
    checkPerTransactionLimits(amountMinor, limits, found.tier, withdrawalWording);
    const feeMinor = (await feeRule(database.db, operation))(amountMinor);
    const placed = await movements.place({
      userId,
      reference:
        idempotencyKey === undefined
          ? newActivityReference('AJO-WDR')
          : referenceForKey('AJO-WDR', userId, idempotencyKey),
      currency: 'NGN',
      amountMinor,
      feeMinor,
      destination: {
        bank_code: found.bank_code,
        bank_name: found.bank_name,
        account_number: found.account_number,
        account_name: found.account_name,
      },
      dailyLimitMinor: limits.dailyMinor,
    });
    if (placed.outcome !== 'placed' && placed.outcome !== 'replayed') throw refusal(placed);
    return {
      transaction: placed.activity,
      amountMinor,
      feeMinor: BigInt(placed.movement.fee_minor),
    };
  }

  return {
    quote,
    withdraw,
    submit: movements.submit,
    settle: movements.settle,
    reconcile: movements.reconcile,
    requery: movements.requery,
    reconcileJob: movements.reconcileJob,
  };
}

export type WithdrawalsService = ReturnType<typeof withdrawalsService>;
