import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestContext } from '../support/test-app.ts';
import { databaseKind } from '../support/test-database.ts';
import {
  me,
  selfieBase64,
  submitVerification,
  verificationBody,
  verificationFingerprint,
  verifyBvn,
  verifyBvnAndCreateAccount,
} from '../support/verification-helpers.ts';
import { bearer } from '../support/calls.ts';
import { expectErrorShape } from '../support/error-shape.ts';
import { freshBvn, signUp } from '../support/people.ts';

interface AccountLevelAnswer {
  message: string;
  data: {
    tier: number;
    status: string;
    bvn: string | null;
    limits: Record<string, unknown>;
    next_tier: Record<string, unknown> | null;
  };
}

/** The seeded `transaction_limits` (apps/api/src/db/catalogue.ts), tier by tier. */
const seededLimits = {
  0: {
    tier: 0,
    single_deposit_max: '0.00',
    balance_max: '0.00',
    withdrawal_per_transaction_max: '0.00',
    withdrawal_daily_max: '0.00',
  },
  1: {
    tier: 1,
    single_deposit_max: '50000.00',
    balance_max: '300000.00',
    withdrawal_per_transaction_max: '50000.00',
    withdrawal_daily_max: '100000.00',
  },
  2: {
    tier: 2,
    single_deposit_max: '100000.00',
    balance_max: '500000.00',
    withdrawal_per_transaction_max: '100000.00',
    withdrawal_daily_max: '500000.00',
  },
  3: {
    tier: 3,
    single_deposit_max: null,
    balance_max: null,
    withdrawal_per_transaction_max: '5000000.00',
    withdrawal_daily_max: '25000000.00',
  },
};

describe(`GET /v1/accounts/level (${databaseKind})`, () => {
  let context: TestContext;
  beforeAll(async () => {
    context = await createTestApp({ seedCatalogue: true });
  });
  afterAll(() => context.close());

  const level = async (token: string) => {
    const response = await context.app.inject({
      method: 'GET',
      url: '/v1/accounts/level',
      headers: bearer(token),
    });
    expect(response.statusCode, response.body).toBe(200);
    return response;
  };

  it('when nobody is signed in, then 401 in the error shape', async () => {
    const response = await context.app.inject({ method: 'GET', url: '/v1/accounts/level' });
    expect(response.statusCode).toBe(401);
    expect(expectErrorShape(response).code).toBe('unauthenticated');
  });

  it('when a new user asks, then tier 0 allows nothing yet, tier 1 is next and there is no BVN', async () => {
    const token = await signUp(context.app, 'level.new@example.com');
    const answer = (await level(token)).json<AccountLevelAnswer>();
    expect(answer).toEqual({
      message: 'account level',
      data: {
        tier: 0,
        status: 'PENDING',
        bvn: null,
        limits: seededLimits[0],
        next_tier: seededLimits[1],
      },
    });
  });

  it('when the BVN is verified, then tier 1 shows its limits and the BVN only masked', async () => {
    const token = await signUp(context.app, 'level.bvn@example.com');
    const bvn = freshBvn();
    await verifyBvnAndCreateAccount(context.app, token, bvn);
    const response = await level(token);
    expect(response.json<AccountLevelAnswer>().data).toEqual({
      tier: 1,
      status: 'PENDING',
      bvn: `${bvn.slice(0, 4)}**`,
      limits: seededLimits[1],
      next_tier: seededLimits[2],
    });
    expect(response.body).not.toContain(bvn);
  });

  it('when the user is on the top tier, then there is no next tier and null means no limit', async () => {
    const token = await signUp(context.app, 'level.top@example.com');
    const { id } = await me(context.app, token);
    await context.database.db.execute(sql`update users set tier = 3 where id = ${id}`);
    const answer = (await level(token)).json<AccountLevelAnswer>();
    expect(answer.data).toMatchObject({ tier: 3, limits: seededLimits[3], next_tier: null });
  });

  it('when the OpenAPI document is read, then the operation and its AccountLevel schema are there', async () => {
    const response = await context.app.inject({ method: 'GET', url: '/v1/openapi.json' });
    const document = response.json<{
      paths: Record<string, { get?: { summary?: string } }>;
      components: { schemas: Record<string, unknown> };
    }>();
    expect(document.paths['/v1/accounts/level']?.get?.summary).toMatch(/account level/i);
    expect(Object.keys(document.components.schemas)).toEqual(
      expect.arrayContaining(['AccountLevel', 'TierLimits']),
    );
  });
});

describe(`identity verification without retyping the BVN (${databaseKind})`, () => {
  let context: TestContext;
  let selfie: string;
  beforeAll(async () => {
    context = await createTestApp({ seedCatalogue: true });
    selfie = await selfieBase64();
  });
  afterAll(() => context.close());

  /** The submission as the web app now sends it: the BVN is not typed again. */
  const withoutBvn = () => ({ ...verificationBody('', selfie), bvn: undefined });

  it('when the BVN is left out after the BVN step, then the verified record is used and the submission is accepted', async () => {
    const token = await signUp(context.app, 'no.retype@example.com');
    expect((await verifyBvn(context.app, token, freshBvn())).statusCode).toBe(200);
    const response = await submitVerification(context.app, token, withoutBvn());
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json<{ data: { status: string } }>().data.status).toBe('SUBMITTED');
    expect(await me(context.app, token)).toMatchObject({ status: 'SUBMITTED' });
  });

  it('when the BVN is left out before any BVN step, then 422 bvn_not_verified and nothing changes', async () => {
    const token = await signUp(context.app, 'no.bvn.yet@example.com');
    const before = await verificationFingerprint(context.database);
    const response = await submitVerification(context.app, token, withoutBvn());
    expect(response.statusCode).toBe(422);
    expect(expectErrorShape(response)).toMatchObject({
      code: 'bvn_not_verified',
      message: 'Verify your BVN from Home first, then come back to verify your identity',
    });
    expect(await verificationFingerprint(context.database)).toBe(before);
  });
});
