import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { checkLedger } from '../../src/money/ledger/ledger-check.ts';
import { rows, type Database } from '../../src/platform/db.ts';
import { newKey, viaInject, type Caller } from '../support/calls.ts';
import { fundByTransfer, userIdOf } from '../support/money-helpers.ts';
import { makeOperator, opsCall } from '../support/operators.ts';
import { latestCode } from '../support/people.ts';
import { createTestApp, type TestContext } from '../support/test-app.ts';
import { databaseKind } from '../support/test-database.ts';
import { fundWallet, settlePayoutVia, withdrawVia } from '../support/withdrawal-helpers.ts';
import { linkOwnBank, newPerson, type Person } from './person.ts';

interface ExportView {
  id: string;
  status: string;
  expires_at: string | null;
}

interface Archive {
  format: string;
  profile: { id: string; email: string; first_name: string };
  kyc: { bvn: string | null };
  tables: Record<string, Record<string, unknown>[]>;
}

/**
 * The tables that stand for the vendors' own systems in the sandbox (their books and the mail
 * server): what a vendor keeps is erased at the vendor, not in our database (decision 0027).
 */
const vendorTables = /^sandbox_|^email_outbox$/;

/** Every text, varchar and jsonb column of every table holding any of `terms`, as `table.column`. */
async function findEverywhere(database: Database, terms: string[]) {
  const columns = await rows<{ table_name: string; column_name: string }>(
    database.db,
    sql`select c.table_name, c.column_name from information_schema.columns c
          join information_schema.tables t
            on t.table_schema = c.table_schema and t.table_name = c.table_name
         where c.table_schema = current_schema() and t.table_type = 'BASE TABLE'
           and c.data_type in ('text', 'character varying', 'character', 'jsonb', 'json')
         order by 1, 2`,
  );
  const found: string[] = [];
  for (const column of columns) {
    if (vendorTables.test(column.table_name)) continue;
    for (const term of terms) {
      const [hit] = await rows<{ count: number }>(
        database.db,
        sql`select count(*)::int as count from ${sql.identifier(column.table_name)}
             where ${sql.identifier(column.column_name)}::text ilike ${`%${term}%`}`,
      );
      if ((hit?.count ?? 0) > 0) found.push(`${column.table_name}.${column.column_name}: ${term}`);
    }
  }
  return found;
}

describe(`the user's own data: export and closing the account (${databaseKind})`, () => {
  let context: TestContext;
  let call: Caller;
  beforeAll(async () => {
    context = await createTestApp({ seedCatalogue: true });
    call = viaInject(context.app);
  });
  afterAll(() => context.close());

  const requestExport = async (person: Person) => {
    const response = await call('/v1/privacy/exports', {
      method: 'POST',
      token: person.token,
      payload: {},
    });
    expect(response.statusCode, response.body).toBe(202);
    return response.json<{ data: ExportView }>().data;
  };
  const exportsOf = async (person: Person) => {
    const response = await call('/v1/privacy/exports', { token: person.token });
    expect(response.statusCode, response.body).toBe(200);
    return response.json<{ data: { items: ExportView[] } }>().data.items;
  };
  const download = (person: Person, id: string) =>
    context.app.inject({
      url: `/v1/privacy/exports/${id}/download`,
      headers: { authorization: `Bearer ${person.token}` },
    });
  const closeAccount = (person: Person, password = 'correct-horse-battery') =>
    call('/v1/privacy/erasure', { token: person.token, payload: { password } });

  it('when a person asks for their data, then it is prepared in the background, emailed, and holds everything of theirs and nothing of anyone else', async () => {
    const person = await newPerson(context.app, call, 'exporter');
    const other = await newPerson(context.app, call, 'bystander');
    await fundByTransfer(context.app, person, 5000);
    await fundByTransfer(context.app, other, 7000);
    await linkOwnBank(call, person);
    await linkOwnBank(call, other);

    const requested = await requestExport(person);
    expect(requested.status).toBe('preparing');
    await context.app.background.idle();
    const [listed] = await exportsOf(person);
    expect(listed).toMatchObject({ id: requested.id, status: 'ready' });
    expect(await exportsOf(other)).toEqual([]);

    const mail = await call(`/v1/sandbox/mailbox?email=${encodeURIComponent(person.email)}`);
    const subjects = mail.json<{ data: { items: { subject: string }[] } }>().data.items;
    expect(subjects.map((item) => item.subject)).toContain('Your Ajo data is ready to download');

    const file = await download(person, requested.id);
    expect(file.statusCode, file.body).toBe(200);
    expect(file.headers['content-type']).toContain('application/json');
    expect(file.headers['content-disposition']).toMatch(/^attachment; filename="ajo-data-/);
    const archive = JSON.parse(file.body) as Archive;
    expect(archive.format).toBe('ajo-personal-data-export');
    expect(archive.profile).toMatchObject({ email: person.email, first_name: person.firstName });
    expect(archive.kyc.bvn).toBe(`${person.bvn.slice(0, 4)}*******`);
    expect(file.body).not.toContain(person.bvn);
    expect(file.body).not.toContain('password_hash');
    expect(file.body).not.toContain('token_hash');
    const { tables } = archive;
    for (const name of [
      'transactions',
      'bank_accounts',
      'virtual_accounts',
      'notifications',
      'sign_in_events',
      'savings_plans',
      'commodity_holdings',
      'fixed_income_orders',
      'real_estate_holdings',
      'ledger_accounts',
    ]) {
      expect(tables[name], name).toBeDefined();
    }
    expect(tables.transactions?.[0]).toMatchObject({ type: 'deposit', amount_minor: 500000 });
    expect(tables.bank_accounts?.[0]).toMatchObject({
      account_name: `${person.firstName} ${person.lastName}`,
    });
    expect(tables.sign_in_events?.length).toBeGreaterThan(0);
    const otherId = await userIdOf(context.database, other.email);
    expect(file.body).not.toContain(otherId);
    expect(file.body).not.toContain(other.email);
    expect(file.body).not.toContain(other.firstName);
    expect(file.body).not.toContain(other.accountNumber);

    // Another user's export is as absent as one that never existed.
    const foreign = await download(other, requested.id);
    expect(foreign.statusCode).toBe(404);
    expect(foreign.json()).toMatchObject({ code: 'export_not_found' });

    // Seven days later it is gone.
    context.clock.advance(8 * 24 * 60 * 60_000);
    const again = await call('/v1/auth/login', {
      payload: { email: person.email, password: 'correct-horse-battery' },
    });
    person.token = again.json<{ data: { token: string } }>().data.token;
    const expired = await download(person, requested.id);
    expect(expired.statusCode).toBe(410);
    expect(expired.json()).toMatchObject({ code: 'export_expired' });
    expect((await exportsOf(person))[0]?.status).toBe('expired');
  });

  it('when an export is already being prepared, then a second one is refused until it is done', async () => {
    const person = await newPerson(context.app, call, 'twice');
    const [first, second] = await Promise.all([
      context.app.inject({
        method: 'POST',
        url: '/v1/privacy/exports',
        headers: { authorization: `Bearer ${person.token}` },
      }),
      context.app.inject({
        method: 'POST',
        url: '/v1/privacy/exports',
        headers: { authorization: `Bearer ${person.token}` },
      }),
    ]);
    const statuses = [first.statusCode, second.statusCode].sort();
    expect(statuses[0]).toBe(202);
    if (statuses[1] !== 202) {
      expect(statuses[1]).toBe(409);
    }
    await context.app.background.idle();
  });

  it('when money or a savings plan remains, then closing is refused with each reason and what to do, and nothing changes', async () => {
    const person = await newPerson(context.app, call, 'saver');
    const userId = await userIdOf(context.database, person.email);
    await fundWallet(context.database, userId, 60_000_00n, context.clock.now());
    const fixed = await call('/v1/savings/fixed', {
      token: person.token,
      headers: { 'idempotency-key': newKey() },
      payload: { amount: 50_000, duration: '30d' },
    });
    expect(fixed.statusCode, fixed.body).toBe(200);

    const wrong = await closeAccount(person, 'not-my-password');
    expect(wrong.statusCode).toBe(400);
    expect(wrong.json()).toMatchObject({
      code: 'invalid_credentials',
      errors: [{ path: 'password', message: 'Your password is not correct' }],
    });
    const empty = await call('/v1/privacy/erasure', { token: person.token, payload: {} });
    expect(empty.statusCode).toBe(400);

    const refused = await closeAccount(person);
    expect(refused.statusCode, refused.body).toBe(409);
    const body = refused.json<{
      code: string;
      message: string;
      errors: { path: string; message: string }[];
    }>();
    expect(body.code).toBe('account_not_empty');
    expect(body.message).toMatch(/^Your account cannot be closed yet/);
    expect(body.errors).toEqual([
      {
        path: 'wallet.NGN',
        message:
          'Your naira wallet still holds ₦10,000.00. Withdraw it to your bank account first.',
      },
      {
        path: 'savings',
        message: 'One savings plan is still open. Withdraw or break it in Savings first.',
      },
    ]);
    const still = await call('/v1/sessions', { token: person.token });
    expect(still.statusCode).toBe(200);
    const [user] = await rows<{ email: string; status: string }>(
      context.database.db,
      sql`select email, status from users where id = ${userId}`,
    );
    expect(user?.email).toBe(person.email);
    expect(user?.status).not.toBe('CLOSED');
  });

  it('when an emptied account closes, then no table holds its email, phone, names or BVN, the ledger checks, its token is refused and the email can register again', async () => {
    const person = await newPerson(context.app, call, 'leaver');
    const bystander = await newPerson(context.app, call, 'stayer');
    await fundByTransfer(context.app, person, 3000);
    const bankAccountId = await linkOwnBank(call, person);
    const quote = await call('/v1/wallets/withdraw/quote', { token: person.token });
    const { amount, total } = quote.json<{ data: { amount: string; total: string } }>().data;
    expect(total).toBe('3000.00');
    const withdrawn = await withdrawVia(call, person.token, {
      amount,
      bank_account_id: bankAccountId,
    });
    expect(withdrawn.statusCode, withdrawn.body).toBe(200);
    const reference = withdrawn.json<{ data: { transaction: { reference: string } } }>().data
      .transaction.reference;
    const settled = await settlePayoutVia(call, reference, 'success');
    expect(settled.statusCode, settled.body).toBe(200);
    await requestExport(person);
    await context.app.background.idle();
    // An operator's note on one of their payments names them (the console asks not to).
    const operator = await makeOperator(context, 'erasure');
    await context.database.db.execute(sql`insert into review_decisions (subject_type, subject_id,
        outcome, note, operator_id)
      select 'stuck_payment', reference, 'escalated', ${`Called ${person.firstName} ${person.lastName} on ${person.phone}`},
        ${operator.id} from transactions where reference = ${reference}`);

    const closed = await context.app.inject({
      method: 'POST',
      url: '/v1/privacy/erasure',
      headers: { authorization: `Bearer ${person.token}` },
      payload: { password: 'correct-horse-battery' },
    });
    expect(closed.statusCode, closed.body).toBe(200);
    expect(closed.headers['set-cookie']).toContain('ajo_session=;');
    await context.app.background.idle();

    const refused = await call('/v1/sessions', { token: person.token });
    expect(refused.statusCode).toBe(401);

    const terms = [person.email, person.firstName, person.lastName, person.phone, person.bvn];
    expect(await findEverywhere(context.database, terms)).toEqual([]);
    // The bystander is untouched.
    expect(await findEverywhere(context.database, [bystander.email])).not.toEqual([]);
    expect(await checkLedger(context.database.db)).toEqual([]);

    // A wrong address typed later is counted by the sign-in throttle like any other (for a day).
    const signIn = await call('/v1/auth/login', {
      payload: { email: person.email, password: 'correct-horse-battery' },
    });
    expect(signIn.statusCode).toBe(401);

    // Their history stays, without them.
    const [kept] = await rows<{ count: number }>(
      context.database.db,
      sql`select count(*)::int as count from transactions t join users u on u.id = t.user_id
           where u.status = 'CLOSED' and t.reference = ${reference}`,
    );
    expect(kept?.count).toBe(1);

    const again = await call('/v1/auth/register', {
      payload: {
        email: person.email,
        password: 'another-horse-battery',
        first_name: 'Ada',
        last_name: 'Obi',
        phone: '8039998877',
      },
    });
    expect(again.statusCode, again.body).toBe(201);
    const code = await latestCode(context.app, person.email);
    const confirmed = await call('/v1/auth/confirm-account', {
      payload: { email: person.email, token: code },
    });
    expect(confirmed.statusCode, confirmed.body).toBe(200);
  });

  it('when an account closes, then its funding account is closed at the provider and a transfer to it is refused there and never credited', async () => {
    const person = await newPerson(context.app, call, 'closer');
    const closed = await context.app.inject({
      method: 'POST',
      url: '/v1/privacy/erasure',
      headers: { authorization: `Bearer ${person.token}` },
      payload: { password: 'correct-horse-battery' },
    });
    expect(closed.statusCode, closed.body).toBe(200);
    await context.app.jobs.runDue('funding-account-deactivate');
    const [local] = await rows<{ deactivated: boolean }>(
      context.database.db,
      sql`select deactivated_at is not null as deactivated from virtual_accounts
           where account_number = ${person.accountNumber}`,
    );
    expect(local?.deactivated).toBe(true);
    const [atProvider] = await rows<{ deactivated: boolean }>(
      context.database.db,
      sql`select deactivated_at is not null as deactivated from sandbox_virtual_accounts
           where account_number = ${person.accountNumber}`,
    );
    expect(atProvider?.deactivated).toBe(true);
    const transfer = await call('/v1/sandbox/virtual-accounts/transfers', {
      payload: {
        account_number: person.accountNumber,
        amount: '500.00',
        sender_name: 'Late Payer',
      },
    });
    expect(transfer.statusCode).toBe(404);
    const [credited] = await rows<{ count: number }>(
      context.database.db,
      sql`select count(*)::int as count from transactions t join virtual_accounts va
            on va.user_id = t.user_id where va.account_number = ${person.accountNumber}`,
    );
    expect(credited?.count).toBe(0);
  });

  it('when a transfer reaches a closed account before its funding account is closed at the provider, then it is not credited and waits in the flagged deposits to be returned', async () => {
    const person = await newPerson(context.app, call, 'closing-race');
    const closed = await call('/v1/privacy/erasure', {
      token: person.token,
      payload: { password: 'correct-horse-battery' },
    });
    expect(closed.statusCode, closed.body).toBe(200);
    // The deactivation job has not run yet: the provider still takes transfers to the number.
    const send = () =>
      call('/v1/sandbox/virtual-accounts/transfers', {
        payload: {
          account_number: person.accountNumber,
          amount: '750.00',
          sender_name: 'Early Payer',
          reference: 'SBX-CLOSED-RACE-01',
        },
      });
    const transfer = await send();
    expect(transfer.statusCode, transfer.body).toBe(200);
    const operator = await makeOperator(context, 'maker');
    const listed = await opsCall(context.app, operator, '/v1/ops/flagged');
    const flagged = listed
      .json<{
        data: {
          items: {
            reference: string;
            amount: string;
            review_reason: string;
            status: string;
            provider_reference: string | null;
          }[];
        };
      }>()
      .data.items.filter((item) => item.provider_reference === 'SBX-CLOSED-RACE-01');
    expect(flagged).toEqual([
      expect.objectContaining({
        amount: '750.00',
        status: 'failed',
        review_reason: expect.stringContaining('return it to the sender') as unknown,
      }),
    ]);
    const [wallet] = await rows<{ balance: string }>(
      context.database.db,
      sql`select coalesce(sum(la.balance_minor), 0)::text as balance from ledger_accounts la
            join virtual_accounts va on va.user_id = la.owner_user_id
           where va.account_number = ${person.accountNumber}`,
    );
    expect(wallet?.balance).toBe('0');
    expect(await checkLedger(context.database.db)).toEqual([]);
  });
});
