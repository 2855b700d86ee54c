import { randomBytes } from 'node:crypto';
import { sql } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import { maskBvn, verificationMessages, type VirtualAccount } from '@ajo/contracts/verification';
import type { Clock } from '../../platform/clock.ts';
import { rows, type Database } from '../../platform/db.ts';
import { AppError, notFound } from '../../platform/errors.ts';
import type { FieldCrypto } from '../../platform/field-crypto.ts';
import { openWallet } from '../../money/ledger/ledger.service.ts';
import {
  IdentityProviderError,
  type IdentityProvider,
} from '../../providers/identity/identity.port.ts';
import {
  PaymentProviderError,
  type PaymentsProvider,
} from '../../providers/payments/payments.port.ts';
import { insertNotification } from '../../platform/notifications.ts';
import { isoTimestamp } from '../../platform/timestamps.ts';

interface VirtualAccountRow {
  id: string;
  provider: string;
  account_reference: string;
  account_number: string;
  account_name: string;
  bank_name: string;
  bank_code: string;
  created_at: string | Date;
}

interface BvnRecordRow {
  user_id: string;
  bvn_index: string;
  bvn_ciphertext: string;
  first_name: string;
  last_name: string;
}

const bvnInUse = () =>
  new AppError(
    'bvn_in_use',
    'This BVN is already linked to another Ajo account. Sign in to that account or contact support',
    409,
  );

/** A unique-constraint violation (SQLSTATE 23505), possibly wrapped by the query builder. */
function isUniqueViolation(error: unknown): boolean {
  let current: unknown = error;
  for (let depth = 0; depth < 5 && current instanceof Error; depth += 1) {
    if ((current as { code?: unknown }).code === '23505') return true;
    current = current.cause;
  }
  return false;
}

export const toVirtualAccount = (row: VirtualAccountRow): VirtualAccount => ({
  id: row.id,
  account_reference: row.account_reference,
  account_number: row.account_number,
  account_name: row.account_name,
  bank_name: row.bank_name,
  bank_code: row.bank_code,
  provider: row.provider,
  created_at: isoTimestamp(row.created_at),
});

/** Names compare without case, spaces, hyphens or accents; either order is accepted. */
const nameKey = (name: string) =>
  name
    .normalize('NFD')
    .replace(/\p{Diacritic}/gu, '')
    .toLowerCase()
    .replace(/[^a-z]/g, '');

export function namesMatch(
  registered: { firstName: string; lastName: string },
  record: { firstName: string; lastName: string },
): boolean {
  const [first, last] = [nameKey(registered.firstName), nameKey(registered.lastName)];
  const [recordFirst, recordLast] = [nameKey(record.firstName), nameKey(record.lastName)];
  if (!first || !last) return false;
  return (
    (first === recordFirst && last === recordLast) || (first === recordLast && last === recordFirst)
  );
}

/**
 * The BVN and date of birth the user was verified with, for a provider that must know its
 * customer (a card issuer's KYC), or undefined before a BVN is verified.
 */
export async function verifiedIdentityOf(
  executor: Database['db'],
  crypto: FieldCrypto,
  userId: string,
): Promise<{ bvn: string; dateOfBirth: string } | undefined> {
  const [record] = await rows<{ bvn_ciphertext: string; date_of_birth_ciphertext: string }>(
    executor,
    sql`select bvn_ciphertext, date_of_birth_ciphertext from bvn_records where user_id = ${userId}`,
  );
  if (!record) return undefined;
  return {
    bvn: crypto.decrypt(record.bvn_ciphertext).toString('utf8'),
    dateOfBirth: crypto.decrypt(record.date_of_birth_ciphertext).toString('utf8'),
  };
}

export async function findBvnRecord(executor: Database['db'], userId: string) {
  const [record] = await rows<BvnRecordRow>(
    executor,
    sql`select user_id, bvn_index, bvn_ciphertext, first_name, last_name from bvn_records
         where user_id = ${userId}`,
  );
  return record;
}

export async function findVirtualAccount(executor: Database['db'], userId: string) {
  const [account] = await rows<VirtualAccountRow>(
    executor,
    sql`select id, provider, account_reference, account_number, account_name, bank_name,
               bank_code, created_at
          from virtual_accounts where user_id = ${userId}`,
  );
  return account;
}

export function virtualAccountsService(deps: {
  database: Database;
  clock: Clock;
  crypto: FieldCrypto;
  identity: IdentityProvider;
  payments: PaymentsProvider;
  log: FastifyBaseLogger;
}) {
  const { database, clock, crypto, identity, payments, log } = deps;

  const loadUser = async (userId: string) => {
    const [user] = await rows<{
      id: string;
      email: string;
      first_name: string;
      last_name: string;
      phone: string;
      status: string;
    }>(
      database.db,
      sql`select id, email, first_name, last_name, phone, status from users where id = ${userId}`,
    );
    if (!user) throw notFound('Unknown user');
    return user;
  };

  const bvnOwner = async (bvnIndex: string) => {
    const [owner] = await rows<{ user_id: string }>(
      database.db,
      sql`select user_id from bvn_records where bvn_index = ${bvnIndex}`,
    );
    return owner?.user_id;
  };

  /** Looks the BVN up, checks the name against the registered one and keeps it (encrypted). */
  async function verifyBvn(userId: string, bvn: string) {
    const user = await loadUser(userId);
    const bvnIndex = crypto.blindIndex(bvn);
    const existing = await findBvnRecord(database.db, userId);
    const account = await findVirtualAccount(database.db, userId);
    // Once a funding account or an identity verification rests on the BVN, it is locked.
    const locked = account !== undefined || ['SUBMITTED', 'ACTIVE'].includes(user.status);
    if (existing && locked && existing.bvn_index !== bvnIndex) {
      throw new AppError(
        'bvn_already_verified',
        'Your account already has a verified BVN; it cannot be changed here',
        409,
      );
    }
    const owner = await bvnOwner(bvnIndex);
    if (owner !== undefined && owner !== userId) throw bvnInUse();
    let record;
    try {
      record = await identity.lookupBvn({
        bvn,
        customer: { firstName: user.first_name, lastName: user.last_name },
      });
    } catch (error) {
      if (error instanceof IdentityProviderError && error.reason === 'not_found') {
        throw new AppError('bvn_mismatch', verificationMessages.bvnMismatch, 422, [
          { path: 'Bvn', message: 'We could not find this BVN; check the 11 digits' },
        ]);
      }
      log.warn({ err: error }, 'BVN lookup failed');
      throw new AppError(
        'identity_unavailable',
        'We could not reach the BVN service. Try again in a few minutes',
        503,
      );
    }
    if (!namesMatch({ firstName: user.first_name, lastName: user.last_name }, record)) {
      throw new AppError('bvn_mismatch', verificationMessages.bvnMismatch, 422);
    }
    const now = clock.now().toISOString();
    try {
      await database.unitOfWork(async (tx) => {
        await tx.execute(sql`insert into bvn_records (user_id, bvn_ciphertext, bvn_index, first_name,
              last_name, date_of_birth_ciphertext, phone_ciphertext, verified_at)
            values (${userId}, ${crypto.encrypt(bvn)}, ${bvnIndex}, ${record.firstName},
              ${record.lastName}, ${crypto.encrypt(record.dateOfBirth)},
              ${crypto.encrypt(record.phone)}, ${now})
            on conflict (user_id) do update set bvn_ciphertext = excluded.bvn_ciphertext,
              bvn_index = excluded.bvn_index, first_name = excluded.first_name,
              last_name = excluded.last_name,
              date_of_birth_ciphertext = excluded.date_of_birth_ciphertext,
              phone_ciphertext = excluded.phone_ciphertext, verified_at = excluded.verified_at`);
      });
    } catch (error) {
      if (!isUniqueViolation(error)) throw error;
      // Another user stored this BVN between our check and our write. Or this user's own
      // request running at the same moment did: the upsert settles a clash on the user, but a
      // clash on the BVN's index can be found first, and then the record we meant to write is
      // already there, so this request succeeds as well.
      if ((await bvnOwner(bvnIndex)) !== userId) throw bvnInUse();
    }
    return { firstname: record.firstName, lastname: record.lastName, Bvn: maskBvn(bvn) };
  }

  /** Issues the funding account for a verified BVN; a second call answers the same account. */
  async function createAccount(userId: string, bvn: string): Promise<VirtualAccount> {
    // The BVN is checked first, so a replay answers the account only for the BVN it was opened with.
    const record = await findBvnRecord(database.db, userId);
    if (record?.bvn_index !== crypto.blindIndex(bvn)) {
      throw new AppError(
        'bvn_not_verified',
        'Verify this BVN first, then confirm your details to get your account number',
        422,
      );
    }
    const existingAccount = await findVirtualAccount(database.db, userId);
    if (existingAccount) return toVirtualAccount(existingAccount);
    const user = await loadUser(userId);
    // The names on the BVN record, not the editable profile: the account is held in the BVN's name.
    const accountName = `${record.first_name} ${record.last_name}`;
    let issued;
    try {
      issued = await payments.createDedicatedAccount({
        customerReference: userId,
        email: user.email,
        firstName: record.first_name,
        lastName: record.last_name,
        phone: user.phone,
        bvn,
        accountName,
      });
    } catch (error) {
      log.warn({ err: error }, 'dedicated account could not be created');
      throw new AppError(
        'provider_unavailable',
        error instanceof PaymentProviderError && error.reason === 'rejected'
          ? 'Our banking partner could not open your account number; contact support'
          : 'Our banking partner did not answer. Try again in a few minutes',
        error instanceof PaymentProviderError && error.reason === 'rejected' ? 422 : 503,
      );
    }
    const now = clock.now();
    await database.unitOfWork(async (tx) => {
      const inserted = await rows<{ id: string }>(
        tx,
        sql`insert into virtual_accounts (user_id, provider, account_reference, provider_reference,
              account_number, account_name, bank_name, bank_code, created_at)
            values (${userId}, ${payments.slug},
              ${`AJO-VA-${randomBytes(6).toString('hex').toUpperCase()}`},
              ${issued.providerReference}, ${issued.accountNumber}, ${issued.accountName},
              ${issued.bankName}, ${issued.bankCode}, ${now.toISOString()})
            on conflict (user_id) do nothing returning id`,
      );
      if (inserted.length === 0) return;
      await tx.execute(sql`update users set tier = greatest(tier, 1),
          updated_at = ${now.toISOString()} where id = ${userId}`);
      await openWallet(tx, userId, 'NGN');
      await openWallet(tx, userId, 'USD');
      await insertNotification(tx, {
        userId,
        title: 'Your account number is ready',
        body: `Fund your wallet by transfer to ${issued.accountNumber} (${issued.bankName}, ${issued.accountName}).`,
        now,
      });
    });
    const created = await findVirtualAccount(database.db, userId);
    if (!created) throw new Error('the virtual account vanished after it was written');
    return toVirtualAccount(created);
  }

  return { verifyBvn, createAccount };
}
