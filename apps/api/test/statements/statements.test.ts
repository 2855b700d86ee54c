import { sql } from 'drizzle-orm';
import { extractText, getDocumentProxy } from 'unpdf';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { businessDate } from '../../src/platform/clock.ts';
import { rows } from '../../src/platform/db.ts';
import {
  fundByTransfer,
  settleCheckout,
  startDeposit,
  startedReference,
  verifyDeposit,
} from '../support/money-helpers.ts';
import { createTestApp, type TestContext } from '../support/test-app.ts';
import { databaseKind } from '../support/test-database.ts';
import { expectErrorShape } from '../support/error-shape.ts';
import { newKey, viaInject, type Caller } from '../support/calls.ts';
import {
  newWithdrawer,
  setTier,
  settlePayoutVia,
  withdrawVia,
  type WithdrawAnswer,
  type Withdrawer,
} from '../support/withdrawal-helpers.ts';
import { csvWallet, getStatement, parseCsv } from './statement-helpers.ts';

const DAY_MS = 86_400_000;

async function pdfText(bytes: Buffer) {
  const pdf = await getDocumentProxy(new Uint8Array(bytes));
  const { text, totalPages } = await extractText(pdf, { mergePages: true });
  return { text, totalPages };
}

describe(`GET /v1/statements and its verification (${databaseKind})`, () => {
  let context: TestContext;
  let call: Caller;
  let amaka: Withdrawer;
  let tunde: Withdrawer;
  let withdrawalReference: string;
  let today: string;

  const accountNumberOf = async (userId: string) => {
    const [found] = await rows<{ account_number: string }>(
      context.database.db,
      sql`select account_number from virtual_accounts where user_id = ${userId}`,
    );
    return found?.account_number ?? '';
  };
  const verifyFile = (payload: Record<string, string>) =>
    context.app.inject({ method: 'POST', url: '/v1/statements/verify', payload });
  const verifyCode = (code: string) =>
    context.app.inject({ method: 'GET', url: `/v1/statements/verify/${encodeURIComponent(code)}` });

  beforeAll(async () => {
    context = await createTestApp({
      seedCatalogue: true,
      env: { SESSION_IDLE_MINUTES: '20160', SESSION_ABSOLUTE_HOURS: '336' },
    });
    call = viaInject(context.app);
    amaka = await newWithdrawer(call, context.database, { label: 'amaka' });
    tunde = await newWithdrawer(call, context.database, { label: 'tunde' });
    await context.database.db.execute(
      sql`update users set first_name = 'Tunde', last_name = 'Bakare' where id = ${tunde.userId}`,
    );
    await setTier(context.database, amaka.userId, 3);
    const amakaAccount = { accountNumber: await accountNumberOf(amaka.userId) };
    await fundByTransfer(context.app, amakaAccount, '125000.75');
    context.clock.advance(DAY_MS);
    const withdrawn = await withdrawVia(
      call,
      amaka.token,
      { amount: '20000', bank_account_id: amaka.bankAccountId },
      newKey(),
    );
    expect(withdrawn.statusCode, withdrawn.body).toBe(200);
    withdrawalReference = withdrawn.json<WithdrawAnswer>().data.transaction.reference;
    expect((await settlePayoutVia(call, withdrawalReference, 'success')).statusCode).toBe(200);
    // Enough small deposits that the movement table runs onto more pages.
    for (let index = 0; index < 45; index += 1) {
      await fundByTransfer(context.app, amakaAccount, String(100 + index));
    }
    await fundByTransfer(
      context.app,
      { accountNumber: await accountNumberOf(tunde.userId) },
      '777',
    );
    today = businessDate(context.clock.now());
  });

  afterAll(() => context.close());

  it('when Amaka downloads a PDF, then its text read back shows her name, the period, the totals that reconcile, page numbers and the verification code', async () => {
    const response = await getStatement(context.app, amaka.token, {
      from: '2026-01-01',
      to: today,
    });
    expect(response.statusCode, response.body).toBe(200);
    expect(response.headers['content-type']).toBe('application/pdf');
    expect(response.headers['content-disposition']).toContain(
      `ajo-statement-2026-01-01-to-${today}.pdf`,
    );
    expect(response.headers['cache-control']).toBe('no-store');
    const code = String(response.headers['x-statement-code']);
    expect(code).toMatch(/^[0-9A-HJKMNP-TV-Z]{4}(-[0-9A-HJKMNP-TV-Z]{4}){3}$/);
    const { text, totalPages } = await pdfText(response.rawPayload);
    expect(totalPages).toBeGreaterThanOrEqual(2);
    expect(text).toContain('Chiamaka Eze');
    expect(text).toContain('Account statement');
    expect(text).toContain('Period 1 Jan 2026 to');
    expect(text).toContain(`Verification code ${code}`);
    expect(text).toContain('/statements/verify');
    expect(text).toContain(`Page ${String(totalPages)} of ${String(totalPages)}`);
    expect(text).toContain(withdrawalReference);
    // ₦125,000.75 in, then 45 deposits of ₦100–₦144 (₦5,490) in; ₦20,000 + the ₦50 fee out.
    expect(text).toContain('130,490.75');
    expect(text).toContain('20,050.00');
    expect(text).toContain('110,440.75');
    expect(text).toContain('Fee 50.00');
    expect(text).not.toContain('Tunde');
  });

  it('when the code printed on a statement is checked, then anyone (signed out) learns it is genuine, for whom (masked), the period and the issue date', async () => {
    const response = await getStatement(context.app, amaka.token, { from: today, to: today });
    const code = String(response.headers['x-statement-code']);
    const checked = await verifyCode(code.toLowerCase());
    expect(checked.statusCode, checked.body).toBe(200);
    expect(checked.json()).toEqual({
      message: 'statement is genuine',
      data: {
        genuine: true,
        statement: {
          code,
          holder: 'Chiamaka E.',
          from: today,
          to: today,
          format: 'pdf',
          issued_at: context.clock.now().toISOString(),
        },
      },
    });
    expect(checked.body).not.toContain(amaka.email);
  });

  it('when the exact file (or its SHA-256) is sent back, then it is unaltered; when one byte changed, then it is not', async () => {
    const response = await getStatement(context.app, amaka.token, {
      from: '2026-01-01',
      to: today,
    });
    const code = String(response.headers['x-statement-code']);
    const bytes = Buffer.from(response.rawPayload);
    const exact = await verifyFile({ file: bytes.toString('base64'), code });
    expect(exact.statusCode, exact.body).toBe(200);
    expect(exact.json()).toMatchObject({ data: { unaltered: true, statement: { code } } });
    const { createHash } = await import('node:crypto');
    const byHash = await verifyFile({ sha256: createHash('sha256').update(bytes).digest('hex') });
    expect(byHash.json()).toMatchObject({ data: { unaltered: true, statement: { code } } });

    // An edited amount: the same length, one digit changed inside the page content.
    const tampered = Buffer.from(bytes);
    const at = tampered.length >> 1;
    tampered[at] = (tampered[at] ?? 0) ^ 0x01;
    const withCode = await verifyFile({ file: tampered.toString('base64'), code });
    expect(withCode.statusCode).toBe(200);
    expect(withCode.json()).toMatchObject({ data: { unaltered: false, statement: { code } } });
    const withoutCode = await verifyFile({ file: tampered.toString('base64') });
    expect(withoutCode.json()).toEqual({
      message: 'statement does not match',
      data: { unaltered: false, statement: null },
    });
  });

  it('when a CSV is downloaded, then each wallet opens, moves and closes to the kobo, the code is in it and the file verifies', async () => {
    const response = await getStatement(context.app, amaka.token, {
      from: '2026-01-01',
      to: today,
      format: 'csv',
    });
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toBe('text/csv; charset=utf-8');
    const csv = parseCsv(response.body);
    expect(csv[0]).toEqual([
      'wallet',
      'date',
      'time',
      'description',
      'reference',
      'debit',
      'credit',
      'balance',
      'fee',
      'interest_gross',
      'withholding_tax',
      'interest_net',
    ]);
    const naira = csvWallet(csv, 'NGN');
    expect(naira).toMatchObject({
      openingMinor: 0n,
      creditsMinor: 130_490_75n,
      debitsMinor: 20_050_00n,
      closingMinor: 110_440_75n,
    });
    expect(
      naira.movements.find((movement) => movement.reference === withdrawalReference),
    ).toMatchObject({
      amountMinor: -20_050_00n,
    });
    expect(csvWallet(csv, 'USD')).toMatchObject({
      openingMinor: 0n,
      closingMinor: 0n,
      movements: [],
    });
    const code = String(response.headers['x-statement-code']);
    expect(response.body).toContain(code);
    const verified = await verifyFile({ file: response.rawPayload.toString('base64') });
    expect(verified.json()).toMatchObject({
      data: { unaltered: true, statement: { format: 'csv' } },
    });
  });

  it("when Tunde asks for his statement, then nothing of Amaka's is in it, and no request can name another user", async () => {
    const response = await getStatement(context.app, tunde.token, {
      from: '2026-01-01',
      to: today,
      format: 'csv',
    });
    expect(response.statusCode).toBe(200);
    expect(response.body).not.toContain(withdrawalReference);
    expect(csvWallet(parseCsv(response.body), 'NGN')).toMatchObject({
      creditsMinor: 777_00n,
      closingMinor: 777_00n,
    });
    const pdf = await getStatement(context.app, tunde.token, { from: '2026-01-01', to: today });
    const { text } = await pdfText(pdf.rawPayload);
    expect(text).toContain('Tunde Bakare');
    expect(text).not.toContain('Chiamaka');
    const naming = await getStatement(context.app, tunde.token, {
      from: '2026-01-01',
      to: today,
      user_id: amaka.userId,
    });
    expect(naming.statusCode).toBe(400);
    expectErrorShape(naming);
  });

  it('when the holder’s name is written with Yoruba letters, then the PDF prints them, and a tone mark the typeface cannot place leaves its letter standing', async () => {
    const ola = await newWithdrawer(call, context.database, { label: 'ola' });
    await context.database.db.execute(
      sql`update users set first_name = ${'Ọláolúwa'}, last_name = ${'Ṣóyẹ̀mí'}
           where id = ${ola.userId}`,
    );
    const pdf = await getStatement(context.app, ola.token, { from: today, to: today });
    expect(pdf.statusCode, pdf.body).toBe(200);
    const { text } = await pdfText(pdf.rawPayload);
    expect(text.normalize('NFC')).toContain('Ọláolúwa Ṣóyẹmí');
  });

  it('when nobody is signed in, then no statement is issued', async () => {
    const response = await getStatement(context.app, null, { from: today, to: today });
    expect(response.statusCode).toBe(401);
    expectErrorShape(response);
  });

  it.each([
    [
      'the end is before the start',
      { from: '2026-01-05', to: '2026-01-04' },
      'on or after its start',
    ],
    [
      'the end is in the future',
      { from: '2026-01-01', to: '2099-01-01' },
      'cannot end after today',
    ],
    [
      'the period is longer than a year',
      { from: '2024-01-01', to: '2025-12-31' },
      'at most 366 days',
    ],
    ['a day does not exist', { from: '2026-02-30', to: '2026-03-01' }, 'YYYY-MM-DD'],
    [
      'the period is in the year 1',
      { from: '0001-01-01', to: '0001-01-31' },
      'Statements start from 1 Jan 2000',
    ],
    ['a date is not a date', { from: 'yesterday', to: '2026-01-05' }, 'YYYY-MM-DD'],
    [
      'the format is unknown',
      { from: '2026-01-01', to: '2026-01-05', format: 'xlsx' },
      'pdf or csv',
    ],
    ['the start is missing', { to: '2026-01-05' }, 'from'],
  ])(
    'when %s, then it answers 400 in the error shape with words to act on',
    async (_case, query, words) => {
      const response = await getStatement(context.app, amaka.token, query);
      expect(response.statusCode, response.body).toBe(400);
      expect(expectErrorShape(response).message).toContain(words);
    },
  );

  it('when a card top-up is paid minutes after it was started, then its statement line carries the receipt’s reference and words, not a ledger id', async () => {
    const ngozi = await newWithdrawer(call, context.database, { label: 'ngozi' });
    const reference = startedReference(await startDeposit(context.app, ngozi.token, '5000'));
    context.clock.advance(5 * 60_000);
    await settleCheckout(context.app, reference, 'pay');
    const verified = await verifyDeposit(context.app, ngozi.token, reference);
    expect(verified.statusCode, verified.body).toBe(200);
    const response = await getStatement(context.app, ngozi.token, {
      from: '2026-01-01',
      to: businessDate(context.clock.now()),
      format: 'csv',
    });
    expect(response.statusCode, response.body).toBe(200);
    const naira = csvWallet(parseCsv(response.body), 'NGN');
    const topUp = naira.movements.find((movement) => movement.amountMinor === 5_000_00n);
    expect(topUp?.reference).toBe(reference);
  });

  it('when a code was never issued or is malformed, or the verify body is empty, then it answers 4xx in the error shape', async () => {
    const unknown = await verifyCode('AAAA-BBBB-CCCC-DDDD');
    expect(unknown.statusCode).toBe(404);
    expect(expectErrorShape(unknown).message).toContain('No statement was issued with this code');
    const malformed = await verifyCode('not-a-code');
    expect(malformed.statusCode).toBe(400);
    expectErrorShape(malformed);
    const empty = await verifyFile({});
    expect(empty.statusCode).toBe(400);
    expect(expectErrorShape(empty).message).toContain('Send the statement file or its SHA-256');
    const badHash = await verifyFile({ sha256: 'abc' });
    expect(badHash.statusCode).toBe(400);
    expectErrorShape(badHash);
    const unknownWithFile = await verifyFile({
      code: 'AAAA-BBBB-CCCC-DDDD',
      sha256: 'a'.repeat(64),
    });
    expect(unknownWithFile.json()).toMatchObject({ data: { unaltered: false, statement: null } });
  });
});
