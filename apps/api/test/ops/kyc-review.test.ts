import { randomInt, randomUUID } from 'node:crypto';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { rows } from '../../src/platform/db.ts';
import { bearer } from '../support/calls.ts';
import { expectErrorShape } from '../support/error-shape.ts';
import {
  fundByTransfer,
  newUser,
  notificationsOf,
  wallets,
  type MoneyUser,
} from '../support/money-helpers.ts';
import { auditEntries, makeOperator, opsCall, type TestOperator } from '../support/operators.ts';
import { uniqueEmail } from '../support/people.ts';
import { createTestApp, type TestContext } from '../support/test-app.ts';
import { databaseKind } from '../support/test-database.ts';
import {
  me,
  selfieBase64,
  submitVerification,
  verificationBody,
} from '../support/verification-helpers.ts';

/** A BVN of the sandbox's `23` family: the record carries the registered name, the face match is inconclusive. */
const inconclusiveBvn = () => `23${String(randomInt(0, 1_000_000_000)).padStart(9, '0')}`;

interface QueueItem {
  id: string;
  user_id: string;
  customer_name: string;
  status: string;
  face_confidence: number | null;
  reason: string;
}

interface Customer extends MoneyUser {
  verificationId: string;
}

describe(`the console's KYC review queue (${databaseKind})`, () => {
  let context: TestContext;
  let operator: TestOperator;
  beforeAll(async () => {
    context = await createTestApp({ seedCatalogue: true });
    operator = await makeOperator(context, 'kyc');
  });
  afterAll(() => context.close());

  /** A tier-1 customer with ₦10,000 on hold whose selfie the face match could not decide. */
  async function inReviewCustomer(label: string): Promise<Customer> {
    const user = await newUser(context, uniqueEmail(label), { bvn: inconclusiveBvn() });
    await fundByTransfer(context.app, user, 60_000);
    const submitted = await submitVerification(
      context.app,
      user.token,
      verificationBody(user.bvn, await selfieBase64()),
    );
    expect(submitted.statusCode, submitted.body).toBe(200);
    await context.app.jobs.tick();
    return { ...user, verificationId: submitted.json<{ data: { id: string } }>().data.id };
  }

  const queue = async (status = 'in_review') => {
    const response = await opsCall(context.app, operator, `/v1/ops/kyc?status=${status}&size=100`);
    expect(response.statusCode, response.body).toBe(200);
    return response.json<{
      data: { items: QueueItem[]; total: number; page: number; size: number };
    }>().data;
  };
  const decide = (id: string, verb: 'approve' | 'reject', reason: unknown) =>
    opsCall(context.app, operator, `/v1/ops/kyc/${id}/${verb}`, { payload: { reason } });

  const storedVerification = async (id: string) => {
    const [row] = await rows<{
      status: string;
      face_confidence: number | null;
      decided_at: unknown;
    }>(
      context.database.db,
      sql`select status, face_confidence, decided_at from identity_verifications where id = ${id}`,
    );
    return row;
  };

  /** No audit before/after may hold a customer's name, BVN, email or phone. */
  const expectNoPersonalData = (value: unknown, customer: MoneyUser) => {
    const text = JSON.stringify(value);
    for (const personal of ['Chiamaka', 'Eze', customer.bvn, customer.email, '8031234567']) {
      expect(text).not.toContain(personal);
    }
  };

  it('when the face match is inconclusive, then the submission waits IN_REVIEW, the user stays SUBMITTED and is told a person is checking', async () => {
    const customer = await inReviewCustomer('inconclusive');

    expect(await storedVerification(customer.verificationId)).toMatchObject({
      status: 'IN_REVIEW',
      face_confidence: 74,
      decided_at: null,
    });
    expect(await me(context.app, customer.token)).toMatchObject({ status: 'SUBMITTED', tier: 1 });
    const notices = await notificationsOf(context.app, customer.token);
    const checking = notices.find((notice) => notice.title === 'Your selfie is being checked');
    expect(checking?.body).toMatch(/a person on our team is checking it/);

    const level = await context.app.inject({
      url: '/v1/accounts/level',
      headers: bearer(customer.token),
    });
    expect(level.json()).toMatchObject({ data: { tier: 1, status: 'SUBMITTED' } });

    const again = await submitVerification(
      context.app,
      customer.token,
      verificationBody(customer.bvn, await selfieBase64()),
    );
    expect(again.statusCode).toBe(409);
    expect(expectErrorShape(again).code).toBe('verification_in_review');

    const listed = await queue();
    expect(listed.items.find((item) => item.id === customer.verificationId)).toEqual({
      id: customer.verificationId,
      user_id: customer.userId,
      customer_name: 'Chiamaka Eze',
      status: 'IN_REVIEW',
      submitted_at: expect.any(String) as string,
      face_confidence: 74,
      reason: 'inconclusive',
    });
  });

  it('when the queue is listed, then it is newest first and paged', async () => {
    const older = await inReviewCustomer('older');
    context.clock.advance(60_000);
    const newer = await inReviewCustomer('newer');
    operator = await makeOperator(context, 'kyc');
    const ids = (await queue()).items.map((item) => item.id);
    expect(ids.indexOf(newer.verificationId)).toBeLessThan(ids.indexOf(older.verificationId));

    const paged = await opsCall(context.app, operator, '/v1/ops/kyc?size=1&page=1');
    expect(paged.json()).toMatchObject({ data: { page: 1, size: 1 } });
    expect(paged.json<{ data: { items: unknown[]; total: number } }>().data.items).toHaveLength(1);
    expect(paged.json<{ data: { total: number } }>().data.total).toBeGreaterThanOrEqual(2);
  });

  it('when an operator opens a submission, then both sides of the comparison are shown and the read is audited by id only', async () => {
    const customer = await inReviewCustomer('detail');
    const response = await opsCall(context.app, operator, `/v1/ops/kyc/${customer.verificationId}`);
    expect(response.statusCode, response.body).toBe(200);
    const detail = response.json<{ data: Record<string, unknown> }>().data;
    expect(detail).toMatchObject({
      id: customer.verificationId,
      user_id: customer.userId,
      status: 'IN_REVIEW',
      reason: 'inconclusive',
      face_confidence: 74,
      customer: { first_name: 'Chiamaka', last_name: 'Eze' },
      date_of_birth: '1994-06-15',
      bvn: `${customer.bvn.slice(0, 4)}**`,
      bvn_record: { first_name: 'Chiamaka', last_name: 'Eze', date_of_birth: '1994-06-15' },
      decidable: true,
      decision: null,
    });
    expect(detail.selfie).toMatch(/^data:image\/jpeg;base64,\/9j\//);
    expect(JSON.stringify(detail)).not.toContain(customer.bvn);

    const [viewed] = await auditEntries(context.app, operator, {
      action: 'kyc.viewed',
      subject_id: customer.verificationId,
    });
    expect(viewed?.operator?.id).toBe(operator.id);
    expectNoPersonalData([viewed?.before, viewed?.after], customer);
  });

  it('when an operator approves, then the customer is ACTIVE on tier 2, money on hold is released, they are told, and it leaves the queue', async () => {
    const customer = await inReviewCustomer('approve');
    expect((await wallets(context.app, customer.token)).NGN).toMatchObject({
      amount: '50000.00',
      on_hold_amount: '10000.00',
    });

    const approved = await decide(
      customer.verificationId,
      'approve',
      'Same face; the BVN photo is old',
    );
    expect(approved.statusCode, approved.body).toBe(200);
    expect(approved.json()).toMatchObject({
      data: {
        id: customer.verificationId,
        status: 'ACTIVE',
        user: { id: customer.userId, status: 'ACTIVE', tier: 2 },
      },
    });

    expect(await me(context.app, customer.token)).toMatchObject({ status: 'ACTIVE', tier: 2 });
    expect(await storedVerification(customer.verificationId)).toMatchObject({ status: 'ACTIVE' });
    expect((await storedVerification(customer.verificationId))?.decided_at).not.toBeNull();
    expect((await wallets(context.app, customer.token)).NGN).toMatchObject({
      amount: '60000.00',
      on_hold_amount: '0.00',
    });
    const titles = (await notificationsOf(context.app, customer.token)).map(
      (notice) => notice.title,
    );
    expect(titles).toContain('Identity verified');
    expect((await queue()).items.map((item) => item.id)).not.toContain(customer.verificationId);

    const [entry] = await auditEntries(context.app, operator, {
      action: 'kyc.approved',
      subject_id: customer.verificationId,
    });
    expect(entry).toMatchObject({
      operator: { id: operator.id },
      before: { status: 'IN_REVIEW', user_status: 'SUBMITTED', tier: 1 },
      after: { status: 'ACTIVE', user_status: 'ACTIVE', tier: 2 },
      reason: 'Same face; the BVN photo is old',
    });
    expectNoPersonalData([entry?.before, entry?.after], customer);

    const [decision] = await rows<{ outcome: string; note: string; operator_id: string }>(
      context.database.db,
      sql`select outcome, note, operator_id from review_decisions
           where subject_type = 'identity_verification' and subject_id = ${customer.verificationId}`,
    );
    expect(decision).toEqual({
      outcome: 'approved',
      note: 'Same face; the BVN photo is old',
      operator_id: operator.id,
    });
  });

  it('when a submission is decided a second time, then the answer is 409 and nothing changes', async () => {
    const customer = await inReviewCustomer('twice');
    expect(
      (await decide(customer.verificationId, 'approve', 'Clearly the same person')).statusCode,
    ).toBe(200);

    for (const verb of ['approve', 'reject'] as const) {
      const again = await decide(customer.verificationId, verb, 'Deciding a second time');
      expect(again.statusCode).toBe(409);
      expect(expectErrorShape(again).code).toBe('kyc_already_decided');
    }
    expect(await me(context.app, customer.token)).toMatchObject({ status: 'ACTIVE', tier: 2 });
    const entries = await auditEntries(context.app, operator, {
      subject_id: customer.verificationId,
    });
    expect(
      entries.filter((entry) => entry.action.startsWith('kyc.') && entry.action !== 'kyc.viewed'),
    ).toHaveLength(1);
  });

  it('when two operators decide at once, then exactly one decision is taken', async () => {
    const customer = await inReviewCustomer('race');
    const other = await makeOperator(context, 'kyc-other');
    const answers = await Promise.all([
      decide(customer.verificationId, 'approve', 'The faces are the same'),
      opsCall(context.app, other, `/v1/ops/kyc/${customer.verificationId}/reject`, {
        payload: { reason: 'The faces are different' },
      }),
    ]);
    expect(answers.map((answer) => answer.statusCode).sort()).toEqual([200, 409]);
    const [count] = await rows<{ count: number }>(
      context.database.db,
      sql`select count(*)::int as count from review_decisions where subject_id = ${customer.verificationId}`,
    );
    expect(count?.count).toBe(1);
  });

  it('when an operator rejects, then the customer is REJECTED, told why with the reason, and may submit again', async () => {
    const customer = await inReviewCustomer('reject');
    const reason = 'The selfie shows a different person from the BVN photo';
    const rejected = await decide(customer.verificationId, 'reject', reason);
    expect(rejected.statusCode, rejected.body).toBe(200);
    expect(rejected.json()).toMatchObject({
      data: { status: 'REJECTED', user: { status: 'REJECTED', tier: 1 } },
    });
    expect(await me(context.app, customer.token)).toMatchObject({ status: 'REJECTED', tier: 1 });
    const notice = (await notificationsOf(context.app, customer.token)).find(
      (found) => found.title === 'We could not verify your identity',
    );
    expect(notice?.body).toContain(reason);
    expect(notice?.body).toMatch(/submit your details and a new selfie again/);

    const [entry] = await auditEntries(context.app, operator, {
      action: 'kyc.rejected',
      subject_id: customer.verificationId,
    });
    expect(entry).toMatchObject({
      before: { status: 'IN_REVIEW', user_status: 'SUBMITTED' },
      after: { status: 'REJECTED', user_status: 'REJECTED' },
      reason,
    });
    expectNoPersonalData([entry?.before, entry?.after], customer);
    expect((await queue('rejected')).items.map((item) => item.id)).not.toContain(
      customer.verificationId,
    );

    const again = await submitVerification(
      context.app,
      customer.token,
      verificationBody(customer.bvn, await selfieBase64()),
    );
    expect(again.statusCode, again.body).toBe(200);
    expect(await me(context.app, customer.token)).toMatchObject({ status: 'SUBMITTED' });
  });

  it('when the face match said no match and the customer has not submitted again, then the rejection is in the rejected queue and an operator may approve it', async () => {
    const customer = await inReviewCustomer('no-match');
    // As the face match leaves a clear mismatch: the submission and the user REJECTED.
    await context.database.db.execute(sql`update identity_verifications
        set status = 'REJECTED', face_confidence = 18, decided_at = now()
      where id = ${customer.verificationId}`);
    await context.database.db.execute(
      sql`update users set status = 'REJECTED' where id = ${customer.userId}`,
    );
    expect((await queue()).items.map((item) => item.id)).not.toContain(customer.verificationId);
    const listed = (await queue('rejected')).items.find(
      (item) => item.id === customer.verificationId,
    );
    expect(listed).toMatchObject({ status: 'REJECTED', reason: 'no_match', face_confidence: 18 });

    const approved = await decide(
      customer.verificationId,
      'approve',
      'Checked by hand: same person',
    );
    expect(approved.statusCode, approved.body).toBe(200);
    expect(await me(context.app, customer.token)).toMatchObject({ status: 'ACTIVE', tier: 2 });
    expect((await queue('rejected')).items.map((item) => item.id)).not.toContain(
      customer.verificationId,
    );
  });

  it('when the face match never answered, then the rejection shows as face match unavailable; once the customer submits again it leaves the queue', async () => {
    const customer = await inReviewCustomer('unavailable');
    await context.database.db.execute(sql`update identity_verifications
        set status = 'REJECTED', face_confidence = null, decided_at = now()
      where id = ${customer.verificationId}`);
    await context.database.db.execute(
      sql`update users set status = 'REJECTED' where id = ${customer.userId}`,
    );
    const listed = (await queue('rejected')).items.find(
      (item) => item.id === customer.verificationId,
    );
    expect(listed).toMatchObject({ reason: 'face_match_unavailable', face_confidence: null });

    context.clock.advance(1_000);
    const again = await submitVerification(
      context.app,
      customer.token,
      verificationBody(customer.bvn, await selfieBase64()),
    );
    expect(again.statusCode, again.body).toBe(200);
    expect((await queue('rejected')).items.map((item) => item.id)).not.toContain(
      customer.verificationId,
    );
    const late = await decide(customer.verificationId, 'approve', 'Deciding the old one');
    expect(late.statusCode).toBe(409);
    expect(expectErrorShape(late).code).toBe('kyc_not_reviewable');
  });

  it('when a verification the face match approved is decided, then the answer is 409', async () => {
    const user = await newUser(context, uniqueEmail('matched'));
    const submitted = await submitVerification(
      context.app,
      user.token,
      verificationBody(user.bvn, await selfieBase64()),
    );
    await context.app.jobs.tick();
    const id = submitted.json<{ data: { id: string } }>().data.id;
    const answer = await decide(id, 'reject', 'This should not be allowed');
    expect(answer.statusCode).toBe(409);
    expect(expectErrorShape(answer).code).toBe('kyc_not_reviewable');
  });

  it("when a customer's token or none is used, then every KYC route answers 401", async () => {
    const customer = await inReviewCustomer('customer-token');
    const urls: [string, 'GET' | 'POST'][] = [
      ['/v1/ops/kyc', 'GET'],
      [`/v1/ops/kyc/${customer.verificationId}`, 'GET'],
      [`/v1/ops/kyc/${customer.verificationId}/approve`, 'POST'],
      [`/v1/ops/kyc/${customer.verificationId}/reject`, 'POST'],
    ];
    for (const [url, method] of urls) {
      for (const headers of [bearer(customer.token), {}]) {
        const response = await context.app.inject({
          method,
          url,
          headers,
          ...(method === 'POST' ? { payload: { reason: 'Trying it as a customer' } } : {}),
        });
        expect(response.statusCode, `${method} ${url}`).toBe(401);
        expectErrorShape(response);
      }
    }
    expect(await me(context.app, customer.token)).toMatchObject({ status: 'SUBMITTED', tier: 1 });
  });

  it('when the id is not a submission, then the answer is 404 in the error shape', async () => {
    for (const id of ['not-a-uuid', randomUUID(), "1' or '1'='1"]) {
      const path = encodeURIComponent(id);
      const read = await opsCall(context.app, operator, `/v1/ops/kyc/${path}`);
      expect(read.statusCode, id).toBe(404);
      expect(expectErrorShape(read).code).toBe('not_found');
      const decided = await decide(path, 'approve', 'A reason long enough');
      expect(decided.statusCode, id).toBe(404);
    }
  });

  it('when the body or query is bad, then the answer is 400 naming the field and nothing is decided', async () => {
    const customer = await inReviewCustomer('bad-input');
    const url = `/v1/ops/kyc/${customer.verificationId}/approve`;
    const bodies: unknown[] = [
      {},
      { reason: '' },
      { reason: 'ok' },
      { reason: 42 },
      { reason: 'x'.repeat(501) },
      { reason: 'A good reason', tier: 3 },
    ];
    for (const payload of bodies) {
      const response = await opsCall(context.app, operator, url, { payload });
      expect(response.statusCode, JSON.stringify(payload)).toBe(400);
      const error = expectErrorShape(response);
      expect(error.errors.map((found) => found.path).join(' ') || error.message).toMatch(
        /reason|tier/,
      );
    }
    for (const query of ['status=approved', 'page=-1', 'size=0', 'size=101', 'size=abc']) {
      const response = await opsCall(context.app, operator, `/v1/ops/kyc?${query}`);
      expect(response.statusCode, query).toBe(400);
      expectErrorShape(response);
    }
    expect(await storedVerification(customer.verificationId)).toMatchObject({
      status: 'IN_REVIEW',
    });
    expect(await me(context.app, customer.token)).toMatchObject({ status: 'SUBMITTED' });
  });
});
