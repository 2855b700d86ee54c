import type { FastifyBaseLogger } from 'fastify';
import { pseudonymiseActivity } from '../../money/erasure.ts';
import type { Clock } from '../../platform/clock.ts';
import type { Database, Tx } from '../../platform/db.ts';
import type { EmailOutbox } from '../../platform/email-outbox.ts';
import { AppError } from '../../platform/errors.ts';
import type { FieldCrypto } from '../../platform/field-crypto.ts';
import type { JobDefinition, JobQueue } from '../../platform/jobs.ts';
import {
  PaymentProviderError,
  type PaymentsProvider,
} from '../../providers/payments/payments.port.ts';
import { checkPasswordAgain, findUserById } from '../auth/auth.service.ts';
import * as repository from './erasure.repository.ts';
import { reasonsToWait, RETENTION_YEARS } from './erasure.policies.ts';
import { accountClosedEmail } from './privacy.emails.ts';

export interface ErasureDependencies {
  database: Database;
  clock: Clock;
  crypto: FieldCrypto;
  outbox: EmailOutbox;
  jobs: JobQueue;
  payments: PaymentsProvider;
  log: FastifyBaseLogger;
}

/** The job that asks the payments provider to close a closed account's funding account. */
export const deactivateFundingAccountJob = 'funding-account-deactivate';

const wrongPassword = () =>
  new AppError('invalid_credentials', 'Your password is not correct', 400, [
    { path: 'password', message: 'Your password is not correct' },
  ]);

/** Closing an account (NDPA 2023 erasure), as decision 0027 describes it. */
export function erasureService(deps: ErasureDependencies) {
  const { database, clock, crypto, outbox, jobs, payments, log } = deps;

  /** Refuses, naming every reason and what to do, while money or products remain. */
  function refuseWhileNotEmpty(remaining: repository.Remaining) {
    const reasons = reasonsToWait(remaining);
    if (reasons.length === 0) return;
    const first = reasons[0]?.message ?? '';
    throw new AppError(
      'account_not_empty',
      reasons.length === 1
        ? `Your account cannot be closed yet. ${first}`
        : `Your account cannot be closed yet: ${String(reasons.length)} things remain. ${first}`,
      409,
      reasons,
    );
  }

  /** What the law makes us keep of the person, sealed with the field key, for the period. */
  async function sealIdentity(
    tx: Tx,
    user: NonNullable<Awaited<ReturnType<typeof repository.lockUser>>>,
  ) {
    const bvn = await repository.bvnRecordOf(tx, user.id);
    const identity = {
      email: user.email,
      first_name: user.first_name,
      last_name: user.last_name,
      phone: `${user.country_code}${user.phone}`,
      bvn: bvn ? crypto.decrypt(bvn.bvn_ciphertext).toString('utf8') : null,
      bvn_name: bvn ? `${bvn.first_name} ${bvn.last_name}` : null,
      date_of_birth: bvn ? crypto.decrypt(bvn.date_of_birth_ciphertext).toString('utf8') : null,
    };
    return { sealed: crypto.encrypt(JSON.stringify(identity)), identity };
  }

  /** Every way the person may be written in text: names, email, phone forms, BVN. */
  function termsOf(identity: Awaited<ReturnType<typeof sealIdentity>>['identity'], phone: string) {
    return [
      identity.email,
      identity.first_name,
      identity.last_name,
      `${identity.first_name} ${identity.last_name}`,
      identity.phone,
      identity.phone.replace(/^\+/, ''),
      phone,
      `0${phone}`,
      identity.bvn ?? '',
      ...(identity.bvn_name ? identity.bvn_name.split(' ') : []),
    ];
  }

  async function closeAccount(userId: string, password: string) {
    const found = await findUserById(database.db, userId);
    const passwordOk =
      found !== undefined &&
      (await checkPasswordAgain(
        database.db,
        { email: found.email, passwordHash: found.password_hash },
        password,
        clock.now(),
      ));
    if (!found || !passwordOk) throw wrongPassword();
    refuseWhileNotEmpty(await repository.remainingOf(database.db, userId));
    const now = clock.now();
    await database.unitOfWork(async (tx) => {
      const user = await repository.lockUser(tx, userId);
      if (!user || user.status === 'CLOSED') throw wrongPassword();
      // Checked again under the lock: a deposit may have landed since the first look.
      refuseWhileNotEmpty(await repository.remainingOf(tx, userId));
      const { sealed, identity } = await sealIdentity(tx, user);
      const terms = termsOf(identity, user.phone);
      const purgeAfter = new Date(now);
      purgeAfter.setUTCFullYear(purgeAfter.getUTCFullYear() + RETENTION_YEARS);
      await repository.recordClosedAccount(tx, { userId, identitySealed: sealed, now, purgeAfter });
      // The goodbye is queued sealed before the address is erased; only the mail server sees it.
      await outbox.queue(tx, accountClosedEmail(user.email, user.first_name));
      // Money sent later to the old account number must not land: the provider closes the
      // account, after this commits (a job, retried while the provider is unreachable).
      const funding = await repository.fundingAccountOf(tx, userId);
      if (funding) {
        await jobs.enqueue(deactivateFundingAccountJob, userId, { userId }, now, tx);
      }
      await repository.sweepReviewNotes(tx, userId, terms);
      await repository.erasePersonalRecords(tx, user, now);
      await repository.sweepOwnedText(tx, userId, terms);
      await pseudonymiseActivity(tx, userId, terms);
      await repository.pseudonymiseProviderEvents(tx, terms);
      await repository.pseudonymiseUser(tx, userId, now);
    });
    outbox.flush();
  }

  /** Closes the funding account at the provider, once; a refusal is logged for a person. */
  async function deactivateFundingAccount(userId: string) {
    const funding = await repository.fundingAccountOf(database.db, userId);
    if (funding?.deactivated_at !== null) return;
    if (funding.provider !== payments.slug) {
      log.error(
        { userId, provider: funding.provider },
        'a closed account’s funding account is at another provider; close it there by hand',
      );
      return;
    }
    try {
      await payments.deactivateDedicatedAccount(funding.provider_reference);
    } catch (error) {
      if (error instanceof PaymentProviderError && error.reason === 'rejected') {
        log.error(
          { err: error, userId },
          'the provider refused to close a closed account’s funding account; close it by hand',
        );
        return;
      }
      throw error;
    }
    await repository.markFundingAccountDeactivated(database.db, userId, clock.now());
  }

  const jobDefinitions: JobDefinition[] = [
    {
      name: deactivateFundingAccountJob,
      maxAttempts: 20,
      run: async ({ payload }) => {
        if (typeof payload.userId === 'string') await deactivateFundingAccount(payload.userId);
      },
    },
    {
      name: 'closed-account-purge',
      schedule: 'daily',
      run: async ({ now }) => {
        await repository.purgeClosedIdentities(database.db, now);
      },
    },
  ];

  return { closeAccount, jobDefinitions };
}

export type ErasureService = ReturnType<typeof erasureService>;
