import { spawn, type ChildProcess } from 'node:child_process';
import { randomBytes, randomUUID } from 'node:crypto';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import pg from 'pg';
import pino from 'pino';
import { seedCatalogueOnly } from '../../src/db/seed.ts';
import { walletAccountCode } from '../../src/money/ledger/account-codes.ts';
import { openWallet, systemAccount, transfer } from '../../src/money/ledger/ledger.service.ts';
import { withdrawalsService } from '../../src/modules/withdrawals/withdrawals.service.ts';
import { BackgroundWork } from '../../src/platform/background.ts';
import type { Clock } from '../../src/platform/clock.ts';
import { openDatabase, rows, type Database } from '../../src/platform/db.ts';
import type { PayoutsProvider } from '../../src/providers/payouts/payouts.port.ts';
import {
  sandboxPayoutsProvider,
  type SandboxPayoutsProvider,
} from '../../src/providers/payouts/sandbox.ts';
import { sandboxWebhookSecret, userIdOf } from './money-helpers.ts';
import type { TestContext } from './test-app.ts';
import { createTestApp } from './test-app.ts';
import { newKey, viaHttp, type Caller } from './calls.ts';
import { freshBvn, signUp, uniqueEmail } from './people.ts';
import { freePort } from './sockets.ts';

/** The sandbox bank settles a payout; answers its signed webhook, not sent yet. */
export async function settledAtVendor(
  vendor: Pick<SandboxPayoutsProvider, 'settleTransfer'>,
  reference: string,
  outcome: 'success' | 'failed' | 'reversed',
) {
  const delivery = await vendor.settleTransfer(reference, outcome);
  if (!delivery) throw new Error(`the sandbox bank did not move ${reference} to ${outcome}`);
  return delivery;
}

/** The BVN step and the funding account: the user is tier 1 with a BVN name of Chiamaka Eze. */
export async function verifyBvnVia(call: Caller, token: string, bvn = freshBvn()): Promise<string> {
  const verified = await call('/v1/virtualaccount/verify-bvn-sandbox', {
    token,
    payload: { Bvn: bvn },
  });
  if (verified.statusCode !== 200) throw new Error(`BVN step failed: ${verified.body}`);
  const created = await call('/v1/virtualaccount/create-sandbox-account', {
    token,
    payload: { account_name: 'Chiamaka Eze', customer: { name: 'Chiamaka Eze' }, kyc: { bvn } },
  });
  if (created.statusCode !== 200) throw new Error(`account step failed: ${created.body}`);
  return bvn;
}

/** An account in the sandbox bank (default GTBank 058). */
export async function openBankAccountVia(
  call: Caller,
  accountName: string,
  bankCode?: string,
): Promise<{ account_number: string; bank_code: string; bank_name: string }> {
  const opened = await call('/v1/sandbox/bank-accounts', {
    payload: { account_name: accountName, ...(bankCode ? { bank_code: bankCode } : {}) },
  });
  if (opened.statusCode !== 200) throw new Error(`sandbox account failed: ${opened.body}`);
  return opened.json<{
    data: { account_number: string; bank_code: string; bank_name: string };
  }>().data;
}

export function linkBankAccountVia(
  call: Caller,
  token: string,
  account: { account_number: string; bank_code: string },
) {
  return call('/v1/bank_accounts', {
    token,
    payload: { account_number: account.account_number, bank_code: account.bank_code },
  });
}

export interface WithdrawBody {
  amount: unknown;
  bank_account_id: unknown;
}

export function withdrawVia(
  call: Caller,
  token: string,
  body: WithdrawBody | Record<string, unknown>,
  key: string | null = newKey(),
) {
  return call('/v1/wallets/withdraw', {
    token,
    headers: key === null ? {} : { 'idempotency-key': key },
    payload: body,
  });
}

export function settlePayoutVia(
  call: Caller,
  reference: string,
  outcome: 'success' | 'failed' | 'reversed',
) {
  return call(`/v1/sandbox/payouts/${encodeURIComponent(reference)}/settle`, {
    payload: { outcome },
  });
}

export interface TransactionView {
  id: string;
  type: string;
  status: string;
  direction: string;
  channel: string;
  amount: string;
  fee: string;
  reference: string;
  description: string;
}

export interface WithdrawAnswer {
  message: string;
  data: { amount: string; fee: string; total: string; transaction: TransactionView };
}

// ---------------------------------------------------------------------------------------------
// The database side: funding, tiers, balances and what the payout left behind.
// ---------------------------------------------------------------------------------------------

/** Credits the wallet from the sandbox funding account, as a bank transfer in would. */
export function fundWallet(
  database: Database,
  userId: string,
  amountMinor: bigint,
  at: Date = new Date(),
): Promise<void> {
  return moveWithFunding(database, userId, amountMinor, 'in', at);
}

/** Takes money out of the wallet, as a payment for some other product (a bill, a saving) would. */
export function spendFromWallet(
  database: Database,
  userId: string,
  amountMinor: bigint,
  at: Date = new Date(),
): Promise<void> {
  return moveWithFunding(database, userId, amountMinor, 'out', at);
}

async function moveWithFunding(
  database: Database,
  userId: string,
  amountMinor: bigint,
  way: 'in' | 'out',
  at: Date,
): Promise<void> {
  await database.unitOfWork(async (tx) => {
    const wallet = await openWallet(tx, userId, 'NGN');
    const funding = await systemAccount(tx, 'sandbox_funding', 'NGN');
    await transfer(tx, {
      idempotencyKey: `test-${way === 'in' ? 'fund' : 'spend'}:${randomUUID()}`,
      kind: way === 'in' ? 'sandbox_funding' : 'test_spend',
      description: way === 'in' ? 'Test funding' : 'Spent elsewhere',
      currency: 'NGN',
      fromAccountId: way === 'in' ? funding.id : wallet.id,
      toAccountId: way === 'in' ? wallet.id : funding.id,
      amountMinor,
      at,
    });
  });
}

export async function setTier(database: Database, userId: string, tier: number): Promise<void> {
  await database.db.execute(sql`update users set tier = ${tier} where id = ${userId}`);
}

export interface WalletState {
  balanceMinor: bigint;
  heldMinor: bigint;
  availableMinor: bigint;
}

export async function walletState(database: Database, userId: string): Promise<WalletState> {
  const [account] = await rows<{ balance: string; held: string }>(
    database.db,
    sql`select balance_minor::text as balance, held_minor::text as held from ledger_accounts
         where code = ${walletAccountCode(userId, 'NGN')}`,
  );
  const balanceMinor = BigInt(account?.balance ?? '0');
  const heldMinor = BigInt(account?.held ?? '0');
  return { balanceMinor, heldMinor, availableMinor: balanceMinor - heldMinor };
}

export interface PayoutRecord {
  reference: string;
  status: string;
  attempts: number;
  provider_reference: string | null;
  hold_id: string;
  hold_status: string;
  transaction_id: string;
  transaction_status: string;
  amount_minor: string;
  fee_minor: string;
}

export async function payoutsOf(database: Database, userId: string): Promise<PayoutRecord[]> {
  return rows<PayoutRecord>(
    database.db,
    sql`select p.reference, p.status, p.attempts, p.provider_reference, p.hold_id,
               h.status as hold_status, p.transaction_id, t.status as transaction_status,
               p.amount_minor::text as amount_minor, p.fee_minor::text as fee_minor
          from provider_movements p
          join ledger_holds h on h.id = p.hold_id
          join transactions t on t.id = p.transaction_id
         where p.user_id = ${userId}
         order by p.created_at, p.reference`,
  );
}

export async function payoutByReference(database: Database, reference: string) {
  const [found] = await rows<PayoutRecord>(
    database.db,
    sql`select p.reference, p.status, p.attempts, p.provider_reference, p.hold_id,
               h.status as hold_status, p.transaction_id, t.status as transaction_status,
               p.amount_minor::text as amount_minor, p.fee_minor::text as fee_minor
          from provider_movements p
          join ledger_holds h on h.id = p.hold_id
          join transactions t on t.id = p.transaction_id
         where p.reference = ${reference}`,
  );
  if (!found) throw new Error(`no payout ${reference}`);
  return found;
}

/** Transfers the sandbox bank holds under a reference (one means the vendor paid once). */
export async function vendorTransfers(database: Database, reference: string) {
  return rows<{ reference: string; status: string; amount_minor: string; transfer_code: string }>(
    database.db,
    sql`select reference, status, amount_minor::text as amount_minor, transfer_code
          from sandbox_payouts where reference = ${reference}`,
  );
}

/** Journal entries of a kind that touched a user's wallet, e.g. `withdrawal`. */
export async function walletEntries(database: Database, userId: string, kind: string) {
  const [counted] = await rows<{ count: number }>(
    database.db,
    sql`select count(distinct e.id)::int as count from journal_entries e
          join postings p on p.entry_id = e.id
          join ledger_accounts a on a.id = p.account_id
         where a.code = ${walletAccountCode(userId, 'NGN')} and e.kind = ${kind}`,
  );
  return counted?.count ?? 0;
}

export async function notificationTitlesOf(database: Database, userId: string) {
  const found = await rows<{ title: string }>(
    database.db,
    sql`select title from notifications where user_id = ${userId} order by created_at, id`,
  );
  return found.map((row) => row.title);
}

/** Entries, postings and balances: equal before and after means the ledger did not move. */
export async function ledgerFingerprint(database: Database) {
  const [found] = await rows<Record<string, string>>(
    database.db,
    sql`select (select count(*) from journal_entries)::text as entries,
               (select count(*) from postings)::text as postings,
               (select count(*) from ledger_holds)::text as holds,
               (select coalesce(sum(abs(balance_minor)), 0) from ledger_accounts)::text as balances,
               (select coalesce(sum(held_minor), 0) from ledger_accounts)::text as held,
               (select count(*) from provider_movements)::text as payouts,
               (select count(*) from transactions)::text as transactions`,
  );
  return found;
}

// ---------------------------------------------------------------------------------------------
// A ready withdrawer: signed up, BVN verified (tier 1), a linked GTBank account, funded.
// ---------------------------------------------------------------------------------------------

export interface Withdrawer {
  email: string;
  token: string;
  userId: string;
  bvn: string;
  bankAccountId: string;
  accountNumber: string;
  bankCode: string;
}

export async function newWithdrawer(
  call: Caller,
  database: Database,
  options: {
    label?: string;
    fundMinor?: bigint;
    tier?: number;
    at?: Date;
    /** Opens the bank account here instead of through `/v1/sandbox/bank-accounts`. */
    vendor?: SandboxPayoutsProvider;
  } = {},
): Promise<Withdrawer> {
  const email = uniqueEmail(options.label ?? 'withdrawer');
  const token = await signUp(call, email);
  const bvn = await verifyBvnVia(call, token);
  const account = options.vendor
    ? await options.vendor
        .openBankAccount({ accountName: 'Chiamaka Eze' })
        .then((opened) => ({ account_number: opened.accountNumber, bank_code: opened.bankCode }))
    : await openBankAccountVia(call, 'Chiamaka Eze');
  const linked = await linkBankAccountVia(call, token, account);
  if (linked.statusCode !== 200) throw new Error(`link failed: ${linked.body}`);
  const userId = await userIdOf(database, email);
  if (options.fundMinor !== undefined && options.fundMinor > 0n) {
    await fundWallet(database, userId, options.fundMinor, options.at);
  }
  if (options.tier !== undefined) await setTier(database, userId, options.tier);
  return {
    email,
    token,
    userId,
    bvn,
    bankAccountId: linked.json<{ data: { id: string } }>().data.id,
    accountNumber: account.account_number,
    bankCode: account.bank_code,
  };
}

// ---------------------------------------------------------------------------------------------
// The payouts vendor and the reconciler, outside any app (for tests on a shared database).
// ---------------------------------------------------------------------------------------------

/** The sandbox payouts vendor on a database, signing webhooks as an app with `appSecret` would. */
export function sandboxVendor(database: Database, clock: Clock, appSecret: string) {
  return sandboxPayoutsProvider({
    database,
    clock,
    webhookSecret: sandboxWebhookSecret({ appSecret }),
  });
}

export interface CallCounts {
  createTransfer: number;
  fetchTransfer: number;
}

/**
 * A payouts provider that is `inner` underneath, counting vendor calls; `fault` may make a call
 * throw before it reaches the vendor (vendor down) or answer differently.
 */
export function countingPayouts(
  inner: () => PayoutsProvider,
  fault: {
    createTransfer?: (() => Promise<never> | undefined) | undefined;
    fetchTransfer?: (() => Promise<never> | undefined) | undefined;
    listBanks?: (() => Promise<never> | undefined) | undefined;
    resolveAccount?: (() => Promise<never> | undefined) | undefined;
  } = {},
): { payouts: PayoutsProvider; counts: CallCounts } {
  const counts: CallCounts = { createTransfer: 0, fetchTransfer: 0 };
  return {
    counts,
    payouts: {
      slug: 'sandbox',
      listBanks: () => fault.listBanks?.() ?? inner().listBanks(),
      resolveAccount: (request) => fault.resolveAccount?.() ?? inner().resolveAccount(request),
      createTransfer: (request) => {
        counts.createTransfer += 1;
        return fault.createTransfer?.() ?? inner().createTransfer(request);
      },
      fetchTransfer: (reference) => {
        counts.fetchTransfer += 1;
        return fault.fetchTransfer?.() ?? inner().fetchTransfer(reference);
      },
    },
  };
}

/** The withdrawals service (its reconciler) on a database, as another worker would run it. */
export function reconcilerOn(database: Database, payouts: PayoutsProvider, clock: Clock) {
  const log = pino({ level: 'silent' });
  return withdrawalsService({ database, clock, payouts, log, background: new BackgroundWork(log) });
}

// ---------------------------------------------------------------------------------------------
// An in-process app whose payouts provider a test controls (createTestApp has no such option).
// ---------------------------------------------------------------------------------------------

export interface PayoutsTestContext extends TestContext {
  /** The sandbox bank underneath (open accounts, settle transfers, read its webhooks). */
  vendor: SandboxPayoutsProvider;
}

/**
 * The real app on a fresh database with the catalogue seeded and `payouts` as its payouts
 * provider; `payouts` may wrap `vendor` (built on the same database). Sandbox payout routes are
 * then absent: tests use `vendor` directly and deliver its webhooks themselves.
 */
export async function createPayoutsTestApp(
  makePayouts: (vendor: () => SandboxPayoutsProvider) => PayoutsProvider,
  options: { env?: Record<string, string> } = {},
): Promise<PayoutsTestContext> {
  let vendor: SandboxPayoutsProvider | undefined;
  const context = await createTestApp({
    ...options,
    seedCatalogue: true,
    payouts: ({ database, clock, config }) => {
      const built = sandboxVendor(database, clock, config.appSecret);
      vendor = built;
      return makePayouts(() => built);
    },
  });
  if (!vendor) throw new Error('the payouts provider was not made');
  return { ...context, vendor };
}

// ---------------------------------------------------------------------------------------------
// Real server processes on a scratch PostgreSQL database.
// ---------------------------------------------------------------------------------------------

const repositoryRoot = path.resolve(import.meta.dirname, '../../../..');
const mainFile = path.join(repositoryRoot, 'apps/api/src/main.ts');

/** Shared by every process of a test, so sessions and webhook signatures hold across them. */
export const processAppSecret = 'withdrawal-process-tests-secret-0123456789abcdef';

export interface ScratchDatabase {
  url: string;
  database: Database;
  drop(): Promise<void>;
}

async function adminQuery(serverUrl: string, statement: string): Promise<void> {
  const client = new pg.Client({ connectionString: serverUrl });
  await client.connect();
  try {
    await client.query(statement);
  } finally {
    await client.end();
  }
}

/** A fresh `ajo_wd_…` database, migrated and seeded with the catalogue; dropped afterwards. */
export async function createScratchDatabase(serverUrl: string): Promise<ScratchDatabase> {
  const name = `ajo_wd_${randomBytes(6).toString('hex')}`;
  await adminQuery(serverUrl, `create database ${name}`);
  const url = new URL(serverUrl);
  url.pathname = `/${name}`;
  const database = await openDatabase({ databaseUrl: url.toString(), poolSize: 5 });
  await database.migrate();
  await seedCatalogueOnly(database);
  return {
    url: url.toString(),
    database,
    drop: async () => {
      await database.close();
      await adminQuery(serverUrl, `drop database if exists ${name} with (force)`);
    },
  };
}

export interface ServerProcess {
  child: ChildProcess;
  baseUrl: string;
  call: Caller;
  output(): string;
  /** How the process ended: an exit code, or the signal that killed it. */
  exited: Promise<{ code: number | null; signal: NodeJS.Signals | null }>;
  stop(): Promise<void>;
}

/** `node apps/api/src/main.ts` on `databaseUrl`, ready to serve when this resolves. */
export async function startServer(
  databaseUrl: string,
  env: Record<string, string> = {},
): Promise<ServerProcess> {
  const port = await freePort();
  const child = spawn(process.execPath, [mainFile], {
    cwd: repositoryRoot,
    env: {
      PATH: process.env.PATH ?? '',
      NODE_ENV: 'test',
      SANDBOX: 'true',
      SEED_DEMO: 'false',
      JOBS_ENABLED: 'false',
      LOG_LEVEL: 'warn',
      APP_SECRET: processAppSecret,
      RATE_LIMIT_PER_MINUTE: '100000',
      AUTH_RATE_LIMIT_PER_MINUTE: '100000',
      HOST: '127.0.0.1',
      PORT: String(port),
      DATABASE_URL: databaseUrl,
      WEB_DIST_DIR: '/nonexistent/web-dist',
      ...env,
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  child.stdout.on('data', (chunk: Buffer) => (output += chunk.toString()));
  child.stderr.on('data', (chunk: Buffer) => (output += chunk.toString()));
  const exited = new Promise<{ code: number | null; signal: NodeJS.Signals | null }>((resolve) =>
    child.on('exit', (code, signal) => {
      resolve({ code, signal });
    }),
  );
  const deadline = Date.now() + 30_000;
  while (!output.includes('Ajo is running on')) {
    if (Date.now() > deadline || child.exitCode !== null || child.signalCode !== null) {
      child.kill('SIGKILL');
      throw new Error(`the server did not start; output:\n${output}`);
    }
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
  const baseUrl = `http://127.0.0.1:${String(port)}`;
  return {
    child,
    baseUrl,
    call: viaHttp(baseUrl),
    output: () => output,
    exited,
    stop: async () => {
      if (child.exitCode === null && child.signalCode === null) child.kill('SIGTERM');
      await exited;
    },
  };
}
