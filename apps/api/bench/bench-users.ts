import { sql } from 'drizzle-orm';
import { openWallet, systemAccount, transfer } from '../src/money/ledger/ledger.service.ts';
import { rows, type Database } from '../src/platform/db.ts';

export interface BenchUser {
  index: number;
  email: string;
  userId: string;
  token: string;
  bankAccountId: string;
  /** The user's sandbox funding account (where bank transfers to them arrive). */
  accountNumber: string;
  /** The transaction PIN every money-out request sends (`X-Transaction-PIN`). */
  pin: string;
}

/** Each bench user's transaction PIN, set through the API after sign-in. */
export const benchPin = '4826';

const firstName = 'Adaeze';
const lastName = 'Bench';
const password = 'bench-correct-horse-battery';

interface Envelope<T> {
  message: string;
  data: T;
}

/** One JSON call to the API; throws with the answer on anything but 2xx. */
async function call<T>(
  baseUrl: string,
  method: string,
  path: string,
  options: { token?: string; body?: unknown } = {},
): Promise<T> {
  const response = await fetch(`${baseUrl}${path}`, {
    method,
    headers: {
      ...(options.body === undefined ? {} : { 'content-type': 'application/json' }),
      ...(options.token ? { authorization: `Bearer ${options.token}` } : {}),
    },
    ...(options.body === undefined ? {} : { body: JSON.stringify(options.body) }),
  });
  const text = await response.text();
  if (!response.ok)
    throw new Error(`${method} ${path} answered ${String(response.status)}: ${text}`);
  return (JSON.parse(text) as Envelope<T>).data;
}

/** Runs `work` over `items`, at most `limit` at a time. */
export async function eachLimited<T, R>(
  items: readonly T[],
  limit: number,
  work: (item: T) => Promise<R>,
): Promise<R[]> {
  const results: R[] = new Array<R>(items.length);
  let next = 0;
  const lanes = Array.from({ length: Math.min(limit, items.length) }, async () => {
    while (next < items.length) {
      const index = next;
      next += 1;
      results[index] = await work(items[index] as T);
    }
  });
  await Promise.all(lanes);
  return results;
}

/**
 * A user the way a customer gets there, but for the emailed code: registration through the API,
 * the address confirmed in SQL (the code leaves through the job queue, which the bench's API
 * does not run, so the reconciler stays out of row b), a sign-in for the token, a transaction
 * PIN, the sandbox BVN (each user its own `22…` number), the funding account, and a linked bank
 * account in their own name at a sandbox bank.
 */
async function signUpThroughApi(
  baseUrl: string,
  database: Database,
  runId: string,
  index: number,
): Promise<BenchUser> {
  const email = `bench-${runId}-${String(index)}@ajo.test`;
  await call(baseUrl, 'POST', '/v1/auth/register', {
    body: {
      email,
      password,
      first_name: firstName,
      last_name: lastName,
      phone: `80${String(index).padStart(8, '0')}`,
    },
  });
  const confirmedRows = await rows<{ id: string }>(
    database.db,
    sql`update users set email_confirmed_at = now() where email = ${email} returning id`,
  );
  if (confirmedRows.length !== 1) throw new Error(`${email} was not registered`);
  const signedIn = await call<{ id: string; token?: string }>(baseUrl, 'POST', '/v1/auth/login', {
    body: { email, password },
  });
  const token = signedIn.token;
  if (!token) throw new Error('sign-in answered no token');
  await call(baseUrl, 'POST', '/v1/pin', { token, body: { pin: benchPin, password } });
  const bvn = `22${runId.replace(/\D/g, '').slice(-5).padStart(5, '0')}${String(index).padStart(4, '0')}`;
  await call(baseUrl, 'POST', '/v1/virtualaccount/verify-bvn-sandbox', {
    token,
    body: { Bvn: bvn },
  });
  const name = `${firstName} ${lastName}`;
  const funding = await call<{ data: { account_number: string } }>(
    baseUrl,
    'POST',
    '/v1/virtualaccount/create-sandbox-account',
    { token, body: { account_name: name, customer: { name }, kyc: { bvn } } },
  );
  const opened = await call<{ account_number: string; bank_code: string }>(
    baseUrl,
    'POST',
    '/v1/sandbox/bank-accounts',
    { body: { account_name: name } },
  );
  const linked = await call<{ id: string }>(baseUrl, 'POST', '/v1/bank_accounts', {
    token,
    body: { account_number: opened.account_number, bank_code: opened.bank_code },
  });
  return {
    index,
    email,
    userId: signedIn.id,
    token,
    bankAccountId: linked.id,
    accountNumber: funding.data.account_number,
    pin: benchPin,
  };
}

/**
 * The users of rows (b) and (c): signed up through the API, then raised to tier 3 (high limits
 * in `transaction_limits`) and funded through the ledger from the sandbox funding account.
 */
export async function prepareBenchUsers(
  baseUrl: string,
  database: Database,
  runId: string,
  count: number,
): Promise<BenchUser[]> {
  const indexes = Array.from({ length: count }, (_, index) => index);
  const users = await eachLimited(indexes, 8, (index) =>
    signUpThroughApi(baseUrl, database, runId, index),
  );
  const ids = users.map((user) => user.userId);
  const found = await rows<{ id: string }>(
    database.db,
    sql`update users set tier = 3 where id in (${sql.join(
      ids.map((id) => sql`${id}`),
      sql`, `,
    )}) returning id`,
  );
  if (found.length !== users.length) throw new Error('bench users were not all raised to tier 3');
  await database.unitOfWork(async (tx) => {
    const funding = await systemAccount(tx, 'sandbox_funding', 'NGN');
    for (const user of users) {
      const wallet = await openWallet(tx, user.userId, 'NGN');
      await transfer(tx, {
        idempotencyKey: `bench:${runId}:${user.userId}:funding`,
        kind: 'sandbox_funding',
        description: 'Bench funding',
        currency: 'NGN',
        fromAccountId: funding.id,
        toAccountId: wallet.id,
        amountMinor: 10_000_000_000_00n,
        at: new Date(),
      });
    }
  });
  return users;
}
