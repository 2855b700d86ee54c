import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { CustomerDetail, CustomerSearchPage } from '@ajo/contracts/ops-customers';
import { rows } from '../../src/platform/db.ts';
import { bearer } from '../support/calls.ts';
import { expectErrorShape } from '../support/error-shape.ts';
import {
  anyBvnIdentity,
  fundByTransfer,
  newUser,
  upgradeToTier2,
  type MoneyUser,
} from '../support/money-helpers.ts';
import { auditEntries, makeOperator, opsCall, type TestOperator } from '../support/operators.ts';
import { signUp, uniqueEmail } from '../support/people.ts';
import { createTestApp, type TestContext } from '../support/test-app.ts';
import { databaseKind } from '../support/test-database.ts';

describe(`the operator console's customers screens (${databaseKind})`, () => {
  let context: TestContext;
  let operator: TestOperator;
  let customer: MoneyUser;
  let surname: string;
  let phone: string;

  beforeAll(async () => {
    context = await createTestApp({ seedCatalogue: true, identity: anyBvnIdentity });
    operator = await makeOperator(context, 'customers');
    customer = await newUser(context, uniqueEmail('ifeoma.customer'));
    await upgradeToTier2(context, customer);
    await fundByTransfer(context.app, customer, '2500.00');
    // Every test person is "Chiamaka Eze" on 803 123 4567: this one gets a name and number of her own.
    surname = `Okonkwo${String(Date.now()).slice(-6)}`;
    phone = `70${String(Date.now()).slice(-8)}`;
    await context.database.db.execute(
      sql`update users set first_name = 'Ifeoma', last_name = ${surname}, phone = ${phone}
           where id = ${customer.userId}`,
    );
  });
  afterAll(() => context.close());

  const search = async (q: string) => {
    const response = await opsCall(
      context.app,
      operator,
      `/v1/ops/customers?q=${encodeURIComponent(q)}`,
    );
    expect(response.statusCode, response.body).toBe(200);
    return response.json<{ data: CustomerSearchPage }>().data;
  };
  const idsOf = (page: CustomerSearchPage) => page.items.map((item) => item.id);

  it('when an operator searches by part of the email in any case, then the customer is found with the phone masked', async () => {
    const page = await search(customer.email.slice(0, 12).toUpperCase());
    expect(page.kind).toBe('text');
    const found = page.items.find((item) => item.id === customer.userId);
    expect(found).toMatchObject({
      name: `Ifeoma ${surname}`,
      email: customer.email,
      phone: `••••••${phone.slice(-4)}`,
      tier: 2,
      closed: false,
    });
    expect(JSON.stringify(page)).not.toContain(phone);
    expect(idsOf(await search(customer.email))).toEqual([customer.userId]);
  });

  it('when an operator searches by name, phone or funding account number, then the customer is found', async () => {
    expect(idsOf(await search(`ifeoma ${surname.toLowerCase()}`))).toEqual([customer.userId]);
    expect(idsOf(await search(surname))).toEqual([customer.userId]);
    expect(idsOf(await search(`0${phone}`))).toEqual([customer.userId]);
    expect(idsOf(await search(`+234 ${phone}`))).toEqual([customer.userId]);
    const byAccount = await search(customer.accountNumber);
    expect(byAccount.kind).toBe('number');
    expect(idsOf(byAccount)).toEqual([customer.userId]);
  });

  it('when an operator searches by customer id or transaction reference, then exactly that customer is found', async () => {
    expect(idsOf(await search(customer.userId.toUpperCase()))).toEqual([customer.userId]);
    const [transaction] = await rows<{ reference: string }>(
      context.database.db,
      sql`select reference from transactions where user_id = ${customer.userId} limit 1`,
    );
    expect(transaction).toBeDefined();
    expect(idsOf(await search(transaction?.reference ?? ''))).toEqual([customer.userId]);
    expect((await search('nobody-matches-this-at-all')).items).toEqual([]);
  });

  it('when an operator searches, then the search is audited by kind and length, never the query text', async () => {
    await search(customer.email);
    const [entry] = await auditEntries(context.app, operator, { action: 'customer.searched' });
    expect(entry).toMatchObject({
      operator: { id: operator.id },
      after: { kind: 'email', query_length: customer.email.length, results: 1 },
    });
    expect(JSON.stringify(entry)).not.toContain(customer.email);
  });

  it('when an operator opens a customer, then tier, limits with usage, masked BVN, balances and bank data are shown', async () => {
    const response = await opsCall(context.app, operator, `/v1/ops/customers/${customer.userId}`);
    expect(response.statusCode, response.body).toBe(200);
    const detail = response.json<{ data: CustomerDetail }>().data;
    expect(detail.profile).toMatchObject({
      id: customer.userId,
      first_name: 'Ifeoma',
      last_name: surname,
      email: customer.email,
      phone: `••••••${phone.slice(-4)}`,
      tier: 2,
      closed: false,
    });
    expect(detail.kyc).toMatchObject({
      bvn_verified: true,
      bvn: `${customer.bvn.slice(0, 4)}**`,
      identity: { status: 'ACTIVE' },
    });
    expect(detail.limits).toMatchObject({ tier: 2 });
    expect(detail.limits?.withdrawal_daily_max).toMatch(/^\d+\.\d{2}$/);
    expect(detail.usage).toMatchObject({ deposited_today: '2500.00', withdrawn_today: '0.00' });
    expect(detail.balances).toEqual([
      { currency: 'NGN', balance: '2500.00', available: '2500.00', held: '0.00', on_hold: '0.00' },
      { currency: 'USD', balance: '0.00', available: '0.00', held: '0.00', on_hold: '0.00' },
    ]);
    expect(detail.virtual_account?.account_number).toBe(
      `••••••${customer.accountNumber.slice(-4)}`,
    );
    expect(detail.transactions).toEqual([
      expect.objectContaining({ type: 'deposit', status: 'successful', amount: '2500.00' }),
    ]);
    const body = JSON.stringify(detail);
    expect(body).not.toContain(customer.bvn);
    expect(body).not.toContain(phone);
    expect(body).not.toContain(customer.accountNumber);
    expect(body).not.toContain('selfie');
  });

  it('when an operator opens a customer, then the view is audited with no personal data and listed in the customer trail', async () => {
    await opsCall(context.app, operator, `/v1/ops/customers/${customer.userId}`);
    const entries = await auditEntries(context.app, operator, {
      action: 'customer.viewed',
      subject_id: customer.userId,
    });
    expect(entries.length).toBeGreaterThanOrEqual(1);
    for (const entry of entries) {
      expect(entry.operator?.id).toBe(operator.id);
      const recorded = JSON.stringify([entry.before, entry.after, entry.reason]);
      for (const personal of [customer.email, 'Ifeoma', surname, phone, customer.bvn]) {
        expect(recorded).not.toContain(personal);
      }
    }
    const again = await opsCall(context.app, operator, `/v1/ops/customers/${customer.userId}`);
    const trail = again.json<{ data: CustomerDetail }>().data.operator_actions;
    expect(trail[0]).toMatchObject({ action: 'customer.viewed', operator: operator.name });
  });

  it('when a customer is closed, then search and profile show no personal data', async () => {
    const email = uniqueEmail('closed');
    await signUp(context.app, email);
    const [row] = await rows<{ id: string }>(
      context.database.db,
      sql`select id from users where email = ${email}`,
    );
    const id = row?.id ?? '';
    await context.database.db.execute(
      sql`update users set email = ${`closed-${id}@closed.invalid`}, first_name = '[erased]',
            last_name = '[erased]', phone = '', status = 'CLOSED' where id = ${id}`,
    );
    const page = await search(id);
    expect(page.items).toEqual([
      expect.objectContaining({
        id,
        name: 'Closed account',
        email: null,
        phone: null,
        closed: true,
      }),
    ]);
    const detail = await opsCall(context.app, operator, `/v1/ops/customers/${id}`);
    expect(detail.json()).toMatchObject({
      data: { profile: { closed: true, email: null, first_name: null, phone: null } },
    });
  });

  it("when a customer's token calls the customers routes, then 401", async () => {
    for (const url of ['/v1/ops/customers?q=ifeoma', `/v1/ops/customers/${customer.userId}`]) {
      const response = await context.app.inject({ url, headers: bearer(customer.token) });
      expect(response.statusCode).toBe(401);
      expect(expectErrorShape(response).code).toBe('operator_unauthenticated');
      expect((await context.app.inject({ url })).statusCode).toBe(401);
    }
  });

  it('when the id is unknown, then 404; when it is malformed or the search too short, then 400', async () => {
    const unknown = await opsCall(
      context.app,
      operator,
      '/v1/ops/customers/00000000-0000-4000-8000-000000000000',
    );
    expect(unknown.statusCode).toBe(404);
    expect(expectErrorShape(unknown).code).toBe('not_found');
    const malformed = await opsCall(context.app, operator, '/v1/ops/customers/not-an-id');
    expect(malformed.statusCode).toBe(400);
    expect(expectErrorShape(malformed).errors[0]?.path).toContain('id');
    const short = await opsCall(context.app, operator, '/v1/ops/customers?q=a');
    expect(short.statusCode).toBe(400);
    expect(expectErrorShape(short).errors[0]?.path).toContain('q');
    const missing = await opsCall(context.app, operator, '/v1/ops/customers');
    expect(missing.statusCode).toBe(400);
  });
});
