import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { operatorsService } from '../../src/modules/ops/operators.service.ts';
import { fieldCrypto } from '../../src/platform/field-crypto.ts';
import { newTotpSecret } from '../../src/platform/totp.ts';
import { bearer } from '../support/calls.ts';
import { expectErrorShape } from '../support/error-shape.ts';
import {
  auditEntries,
  codeAt,
  makeOperator,
  OPERATOR_PASSWORD,
  opsCall,
  type TestOperator,
} from '../support/operators.ts';
import { signUp, uniqueEmail } from '../support/people.ts';
import { createTestApp, type TestContext } from '../support/test-app.ts';
import { databaseKind } from '../support/test-database.ts';

describe(`the operator console's sign-in and audit log (${databaseKind})`, () => {
  let context: TestContext;
  let admin: TestOperator;
  beforeAll(async () => {
    context = await createTestApp();
    admin = await makeOperator(context, 'admin');
  });
  afterAll(() => context.close());

  const newOperator = async () => {
    const operators = operatorsService({
      database: context.database,
      clock: context.clock,
      crypto: fieldCrypto(context.config.appSecret),
      policy: { idleMs: 1, absoluteMs: 1, secureCookie: false },
    });
    return operators.create({
      email: uniqueEmail('operator'),
      name: 'New Operator',
      password: OPERATOR_PASSWORD,
      totpSecret: newTotpSecret(),
    });
  };
  const signIn = (payload: unknown) =>
    context.app.inject({ method: 'POST', url: '/v1/ops/sessions', payload: payload as object });

  it('when the password and the current code are right, then the operator is signed in by cookie', async () => {
    const operator = await newOperator();
    context.clock.advance(30_000);
    const response = await signIn({
      email: operator.email,
      password: OPERATOR_PASSWORD,
      code: codeAt(operator.totpSecret, context.clock.now()),
    });
    expect(response.statusCode).toBe(200);
    const cookie = response.cookies.find((found) => found.name === 'ajo_ops_session');
    expect(cookie).toMatchObject({ httpOnly: true, path: '/v1/ops', sameSite: 'Strict' });
    const me = await context.app.inject({
      url: '/v1/ops/me',
      cookies: { ajo_ops_session: cookie?.value ?? '' },
    });
    expect(me.json()).toMatchObject({ data: { email: operator.email, name: 'New Operator' } });
    // A tool gets the token in the answer; the console in a browser (its client header) does not.
    expect(response.json<{ data: { token?: string } }>().data.token).toBe(cookie?.value);
    context.clock.advance(30_000);
    const browser = await context.app.inject({
      method: 'POST',
      url: '/v1/ops/sessions',
      headers: { 'x-requested-with': 'ajo-web' },
      payload: {
        email: operator.email,
        password: OPERATOR_PASSWORD,
        code: codeAt(operator.totpSecret, context.clock.now()),
      },
    });
    expect(browser.statusCode, browser.body).toBe(200);
    expect(browser.json<{ data: Record<string, unknown> }>().data).not.toHaveProperty('token');
    expect(browser.cookies.some((found) => found.name === 'ajo_ops_session')).toBe(true);
  });

  it('when any one part is wrong, then one answer that names none of them, and the try is audited', async () => {
    const operator = await newOperator();
    context.clock.advance(30_000);
    const code = codeAt(operator.totpSecret, context.clock.now());
    const refusals = [
      { email: operator.email, password: 'Wrong-Password-1', code },
      {
        email: operator.email,
        password: OPERATOR_PASSWORD,
        code: code === '000000' ? '000001' : '000000',
      },
      { email: uniqueEmail('nobody'), password: OPERATOR_PASSWORD, code },
    ];
    for (const payload of refusals) {
      const response = await signIn(payload);
      expect(response.statusCode).toBe(401);
      expectErrorShape(response);
      expect(response.json()).toMatchObject({
        code: 'operator_sign_in_refused',
        message: 'The email, password or code is not correct',
      });
    }
    const auditor = await makeOperator(context, 'auditor');
    const entries = await auditEntries(context.app, auditor, {
      action: 'operator.sign_in_refused',
      subject_id: operator.id,
    });
    expect(entries.map((entry) => entry.after)).toEqual([{ cause: 'code' }, { cause: 'password' }]);
  });

  it('when a code was used once, then it does not sign in again (no replay)', async () => {
    const operator = await newOperator();
    context.clock.advance(30_000);
    const payload = {
      email: operator.email,
      password: OPERATOR_PASSWORD,
      code: codeAt(operator.totpSecret, context.clock.now()),
    };
    expect((await signIn(payload)).statusCode).toBe(200);
    expect((await signIn(payload)).statusCode).toBe(401);
    // The previous step's code is older than the one used: refused too.
    expect(
      (await signIn({ ...payload, code: codeAt(operator.totpSecret, context.clock.now(), -1) }))
        .statusCode,
    ).toBe(401);
  });

  it('when five tries in a row are wrong, then even the right one is refused for 15 minutes', async () => {
    const operator = await newOperator();
    for (let attempt = 0; attempt < 5; attempt += 1) {
      const response = await signIn({
        email: operator.email,
        password: 'Wrong-Password-1',
        code: '123456',
      });
      expect(response.statusCode).toBe(401);
    }
    context.clock.advance(30_000);
    const right = () => ({
      email: operator.email,
      password: OPERATOR_PASSWORD,
      code: codeAt(operator.totpSecret, context.clock.now()),
    });
    const locked = await signIn(right());
    expect(locked.statusCode).toBe(429);
    expect(locked.json()).toMatchObject({ code: 'operator_locked' });
    context.clock.advance(15 * 60_000 + 1);
    expect((await signIn(right())).statusCode).toBe(200);
  });

  it('when twelve wrong tries arrive at once, then five are checked and the rest refused as locked', async () => {
    const operator = await newOperator();
    const statuses = await Promise.all(
      Array.from({ length: 12 }, () =>
        signIn({ email: operator.email, password: 'Wrong-Password-1', code: '123456' }),
      ),
    ).then((answers) => answers.map((answer) => answer.statusCode));
    expect(statuses.filter((status) => status === 401)).toHaveLength(5);
    expect(statuses.filter((status) => status === 429)).toHaveLength(7);
  });

  it('when a customer sends their own token, then no operator route opens, and the reverse', async () => {
    const customer = await signUp(context.app, uniqueEmail('customer'));
    for (const url of ['/v1/ops/me', '/v1/ops/audit']) {
      const response = await context.app.inject({ url, headers: bearer(customer) });
      expect(response.statusCode).toBe(401);
      expect(response.json()).toMatchObject({ code: 'operator_unauthenticated' });
    }
    const asCustomer = await context.app.inject({
      url: '/v1/accounts',
      headers: bearer(admin.token),
    });
    expect(asCustomer.statusCode).toBe(401);
    const customerCookie = await context.app.inject({
      url: '/v1/ops/me',
      cookies: { ajo_session: customer },
    });
    expect(customerCookie.statusCode).toBe(401);
  });

  it('when a browser changes something with the operator cookie but no client header, then 403', async () => {
    const response = await context.app.inject({
      method: 'DELETE',
      url: '/v1/ops/sessions/current',
      cookies: { ajo_ops_session: admin.token },
    });
    expect(response.statusCode).toBe(403);
    expectErrorShape(response);
  });

  it('when an operator signs out, then the token is dead and the sign-out is audited', async () => {
    const operator = await makeOperator(context, 'leaving');
    const out = await opsCall(context.app, operator, '/v1/ops/sessions/current', {
      method: 'DELETE',
    });
    expect(out.statusCode).toBe(200);
    expect((await opsCall(context.app, operator, '/v1/ops/me')).statusCode).toBe(401);
    const auditor = await makeOperator(context, 'auditor');
    const entries = await auditEntries(context.app, auditor, { subject_id: operator.id });
    expect(entries.map((entry) => entry.action)).toEqual([
      'operator.signed_out',
      'operator.signed_in',
      'operator.created',
    ]);
  });

  it('when anyone tries to change or remove an audit entry, then the database refuses', async () => {
    await expect(
      context.database.db.execute(sql`update operator_audit_log set action = 'changed'`),
    ).rejects.toThrow();
    await expect(
      context.database.db.execute(sql`delete from operator_audit_log`),
    ).rejects.toThrow();
    await expect(context.database.db.execute(sql`truncate operator_audit_log`)).rejects.toThrow();
  });

  it('when the sign-in body is not what it should be, then 400 naming the field', async () => {
    const response = await signIn({ email: 'not-an-email', password: '', code: '12' });
    expect(response.statusCode).toBe(400);
    expectErrorShape(response);
    expect(response.body).toContain('Enter the 6-digit code from your authenticator app');
  });
});
