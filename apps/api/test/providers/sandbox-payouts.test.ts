import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ManualClock } from '../../src/platform/clock.ts';
import {
  sandboxPaymentsProvider,
  sandboxSignatureHeader,
  type SandboxPaymentsProvider,
} from '../../src/providers/payments/sandbox.ts';
import {
  PayoutProviderError,
  type TransferRequest,
} from '../../src/providers/payouts/payouts.port.ts';
import {
  sandboxPayoutMagic,
  sandboxPayoutsProvider,
  type SandboxPayoutsProvider,
} from '../../src/providers/payouts/sandbox.ts';
import { buildNuban, isValidNuban } from '../../src/providers/virtual-accounts/nuban.ts';
import { createTestDatabase, type TestDatabase } from '../support/test-database.ts';

const webhookSecret = 'sandbox-webhook-secret-for-tests';

describe('sandbox payouts provider', () => {
  let database: TestDatabase;
  let clock: ManualClock;
  let payouts: SandboxPayoutsProvider;
  let payments: SandboxPaymentsProvider;

  beforeAll(async () => {
    database = await createTestDatabase({ poolSize: 4 });
    clock = new ManualClock('2026-03-02T09:00:00.000Z');
    payouts = sandboxPayoutsProvider({ database, clock, webhookSecret });
    payments = sandboxPaymentsProvider({ database, clock, webhookSecret });
  });
  afterAll(async () => {
    await database.destroy();
  });

  let count = 0;
  async function transferRequest(overrides: Partial<TransferRequest> = {}) {
    count += 1;
    const account = await payouts.openBankAccount({ accountName: 'Chiamaka Eze' });
    clock.advance(1_000);
    return {
      reference: `AJO-WDR-SBX-${String(count)}`,
      amountMinor: 5_000_000n,
      accountNumber: account.accountNumber,
      bankCode: account.bankCode,
      accountName: 'Chiamaka Eze',
      reason: 'Ajo wallet withdrawal',
      ...overrides,
    } satisfies TransferRequest;
  }

  describe('banks and accounts', () => {
    it('when banks are listed, then GTBank 058 is there and every code is unique', async () => {
      const banks = await payouts.listBanks();
      expect(banks).toContainEqual({
        name: 'Guaranty Trust Bank',
        code: '058',
        slug: 'guaranty-trust-bank',
      });
      expect(new Set(banks.map((bank) => bank.code)).size).toBe(banks.length);
    });

    it('when an account is opened, then it is a valid GTBank NUBAN that resolves with its name', async () => {
      const account = await payouts.openBankAccount({ accountName: '  Adebayo   Okafor ' });
      expect(account).toMatchObject({ bankCode: '058', bankName: 'Guaranty Trust Bank' });
      expect(isValidNuban('058', account.accountNumber)).toBe(true);
      expect(
        await payouts.resolveAccount({ accountNumber: account.accountNumber, bankCode: '058' }),
      ).toEqual({
        accountNumber: account.accountNumber,
        accountName: 'Adebayo Okafor',
        bankCode: '058',
      });
    });

    it('when an account is opened at another bank, then its NUBAN fits that bank', async () => {
      for (const bankCode of ['50211', '999992', '00103']) {
        const account = await payouts.openBankAccount({ accountName: 'Ngozi Bello', bankCode });
        expect(account.bankCode).toBe(bankCode);
        expect(isValidNuban(bankCode, account.accountNumber)).toBe(true);
        await expect(
          payouts.resolveAccount({ accountNumber: account.accountNumber, bankCode }),
        ).resolves.toMatchObject({ accountName: 'Ngozi Bello' });
      }
    });

    it('when the account is at another bank, then it does not resolve there', async () => {
      const account = await payouts.openBankAccount({ accountName: 'Ngozi Bello' });
      await expect(
        payouts.resolveAccount({ accountNumber: account.accountNumber, bankCode: '044' }),
      ).rejects.toMatchObject({ reason: 'not_found' });
    });

    it('when an account was never opened, then it is not found with Paystack’s wording', async () => {
      const enquiry = payouts.resolveAccount({
        accountNumber: buildNuban('058', '123123123'),
        bankCode: '058',
      });
      await expect(enquiry).rejects.toBeInstanceOf(PayoutProviderError);
      await expect(enquiry).rejects.toMatchObject({
        reason: 'not_found',
        message: 'Could not resolve account name. Check parameters or try again.',
      });
    });

    it('when the number is not a valid NUBAN for the bank, then it is not found', async () => {
      const valid = buildNuban('058', '123123123');
      const wrongDigit = `${valid.slice(0, 9)}${String((Number(valid[9]) + 1) % 10)}`;
      for (const accountNumber of [wrongDigit, '12345', 'abcdefghij']) {
        await expect(
          payouts.resolveAccount({ accountNumber, bankCode: '058' }),
        ).rejects.toMatchObject({ reason: 'not_found' });
      }
    });

    it('when the bank code is unknown, then the request is rejected', async () => {
      await expect(
        payouts.resolveAccount({ accountNumber: '0123456789', bankCode: '999' }),
      ).rejects.toMatchObject({ reason: 'rejected', message: 'Unknown bank code: 999' });
      await expect(
        payouts.openBankAccount({ accountName: 'Ngozi Bello', bankCode: '999' }),
      ).rejects.toMatchObject({ reason: 'rejected' });
    });

    it('when the account name is blank, then no account is opened', async () => {
      await expect(payouts.openBankAccount({ accountName: '  ' })).rejects.toMatchObject({
        reason: 'rejected',
      });
    });
  });

  describe('transfers', () => {
    it('when a transfer is sent, then it is pending with a transfer code, and fetch finds it', async () => {
      const request = await transferRequest();
      const state = await payouts.createTransfer(request);
      expect(state).toEqual({
        reference: request.reference,
        status: 'pending',
        amountMinor: 5_000_000n,
        providerReference: expect.stringMatching(/^TRF_[a-z0-9]{15}$/) as unknown,
      });
      expect(await payouts.fetchTransfer(request.reference)).toEqual(state);
    });

    it('when it settles as success, then the signed webhook parses into payout settled', async () => {
      const request = await transferRequest({ amountMinor: 1_234_500n });
      const { providerReference } = await payouts.createTransfer(request);
      const delivery = await payouts.settleTransfer(request.reference, 'success');
      if (!delivery) throw new Error('no webhook');
      expect(delivery.headers[sandboxSignatureHeader]).toMatch(/^[0-9a-f]{128}$/);
      expect(payments.verifyWebhookSignature(delivery.body, delivery.headers)).toBe(true);
      expect(JSON.parse(delivery.body.toString())).toEqual({
        event: 'transfer.success',
        data: {
          reference: request.reference,
          amount: 1_234_500,
          status: 'success',
          transfer_code: providerReference,
          currency: 'NGN',
          recipient: {
            details: {
              account_number: request.accountNumber,
              bank_code: '058',
              account_name: 'Chiamaka Eze',
            },
          },
        },
      });
      expect(payments.parseWebhook(delivery.body)).toEqual({
        type: 'payout_settled',
        reference: request.reference,
        status: 'success',
        amountMinor: 1_234_500n,
      });
      expect(await payouts.fetchTransfer(request.reference)).toMatchObject({ status: 'success' });
    });

    it('when the body is tampered with, then the payments sandbox refuses its signature', async () => {
      const request = await transferRequest({ amountMinor: 1_000_000n });
      await payouts.createTransfer(request);
      const delivery = await payouts.settleTransfer(request.reference, 'success');
      if (!delivery) throw new Error('no webhook');
      const tampered = Buffer.from(delivery.body.toString().replace('1000000', '9000000'));
      expect(payments.verifyWebhookSignature(tampered, delivery.headers)).toBe(false);
    });

    it('when a successful transfer is reversed, then a reversed webhook follows', async () => {
      const request = await transferRequest();
      await payouts.createTransfer(request);
      await payouts.settleTransfer(request.reference, 'success');
      const delivery = await payouts.settleTransfer(request.reference, 'reversed');
      if (!delivery) throw new Error('no webhook');
      expect(payments.parseWebhook(delivery.body)).toMatchObject({
        type: 'payout_settled',
        status: 'reversed',
      });
      expect(await payouts.fetchTransfer(request.reference)).toMatchObject({
        status: 'reversed',
        failureReason: expect.any(String) as unknown,
      });
    });

    it('when a pending transfer fails, then a failed webhook follows and it cannot be reversed', async () => {
      const request = await transferRequest();
      await payouts.createTransfer(request);
      const delivery = await payouts.settleTransfer(request.reference, 'failed');
      if (!delivery) throw new Error('no webhook');
      expect(payments.parseWebhook(delivery.body)).toMatchObject({
        type: 'payout_settled',
        status: 'failed',
      });
      expect(await payouts.settleTransfer(request.reference, 'reversed')).toBeUndefined();
      expect(await payouts.fetchTransfer(request.reference)).toMatchObject({ status: 'failed' });
    });

    it('when a transfer is settled twice, then the second time answers nothing and changes nothing', async () => {
      const request = await transferRequest();
      await payouts.createTransfer(request);
      expect(await payouts.settleTransfer(request.reference, 'success')).toBeDefined();
      expect(await payouts.settleTransfer(request.reference, 'success')).toBeUndefined();
      expect(await payouts.settleTransfer(request.reference, 'failed')).toBeUndefined();
      expect(await payouts.fetchTransfer(request.reference)).toMatchObject({ status: 'success' });
    });

    it('when a pending transfer is reversed, or the reference is unknown, then nothing happens', async () => {
      const request = await transferRequest();
      await payouts.createTransfer(request);
      expect(await payouts.settleTransfer(request.reference, 'reversed')).toBeUndefined();
      expect(await payouts.fetchTransfer(request.reference)).toMatchObject({ status: 'pending' });
      expect(await payouts.settleTransfer('AJO-WDR-UNKNOWN', 'success')).toBeUndefined();
    });

    it('when a reference is reused, then the same transfer is answered and no second one exists', async () => {
      const request = await transferRequest({ amountMinor: 800_000n });
      const first = await payouts.createTransfer(request);
      const again = await payouts.createTransfer({ ...request, amountMinor: 999_900n });
      expect(again).toEqual(first);
      await payouts.settleTransfer(request.reference, 'success');
      expect(await payouts.createTransfer(request)).toMatchObject({
        status: 'success',
        amountMinor: 800_000n,
      });
      const listed = await payouts.listPendingTransfers({ statuses: ['pending', 'success'] });
      expect(listed.filter((payout) => payout.reference === request.reference)).toHaveLength(1);
    });

    it('when the same reference is sent twice at once, then one transfer exists', async () => {
      const request = await transferRequest();
      const [one, two] = await Promise.all([
        payouts.createTransfer(request),
        payouts.createTransfer(request),
      ]);
      expect(one.providerReference).toBe(two.providerReference);
    });

    it('when the destination does not resolve, then the transfer is refused and not stored', async () => {
      const request = await transferRequest({ accountNumber: buildNuban('058', '555555555') });
      await expect(payouts.createTransfer(request)).rejects.toMatchObject({ reason: 'not_found' });
      expect(await payouts.fetchTransfer(request.reference)).toBeUndefined();
    });

    it('when the amount or reference is invalid, then the transfer is rejected', async () => {
      await expect(
        payouts.createTransfer(await transferRequest({ amountMinor: 0n })),
      ).rejects.toMatchObject({ reason: 'rejected' });
      await expect(
        payouts.createTransfer(await transferRequest({ reference: 'has space' })),
      ).rejects.toMatchObject({ reason: 'rejected' });
    });

    it('when the kobo part is 13, then the transfer fails at once and never was pending', async () => {
      const request = await transferRequest({ amountMinor: 100_013n });
      expect(request.amountMinor % 100n).toBe(sandboxPayoutMagic.failKobo);
      const state = await payouts.createTransfer(request);
      expect(state).toMatchObject({
        status: 'failed',
        failureReason: 'Insufficient balance at the provider',
        amountMinor: 100_013n,
      });
      expect(await payouts.fetchTransfer(request.reference)).toMatchObject({ status: 'failed' });
      expect(await payouts.settleTransfer(request.reference, 'success')).toBeUndefined();
      const pending = await payouts.listPendingTransfers();
      expect(pending.map((payout) => payout.reference)).not.toContain(request.reference);
    });

    it('when the kobo part is 14, then the answer is lost but the transfer exists as pending', async () => {
      const request = await transferRequest({ amountMinor: 100_014n });
      const creation = payouts.createTransfer(request);
      await expect(creation).rejects.toBeInstanceOf(PayoutProviderError);
      await expect(creation).rejects.toMatchObject({ reason: 'unavailable' });
      expect(await payouts.fetchTransfer(request.reference)).toMatchObject({
        reference: request.reference,
        status: 'pending',
        amountMinor: 100_014n,
      });
      // Asking again with the same reference answers the stored transfer.
      const again = payouts.createTransfer(request);
      await expect(again).resolves.toMatchObject({ status: 'pending' });
    });

    it('when a transfer was never sent, then fetch answers nothing', async () => {
      expect(await payouts.fetchTransfer('AJO-WDR-NEVER')).toBeUndefined();
    });
  });

  describe('the Sandbox page list', () => {
    it('when transfers are pending, then they are listed newest first with their details', async () => {
      const older = await transferRequest({ amountMinor: 210_000n });
      await payouts.createTransfer(older);
      clock.advance(60_000);
      const newer = await transferRequest({ amountMinor: 320_000n });
      await payouts.createTransfer(newer);
      const listed = await payouts.listPendingTransfers();
      expect(listed.every((payout) => payout.status === 'pending')).toBe(true);
      expect(listed.length).toBeLessThanOrEqual(50);
      const references = listed.map((payout) => payout.reference);
      expect(references.indexOf(newer.reference)).toBeLessThan(references.indexOf(older.reference));
      expect(listed[0]).toEqual({
        reference: newer.reference,
        transferCode: expect.stringMatching(/^TRF_/) as unknown,
        amountMinor: 320_000n,
        accountNumber: newer.accountNumber,
        bankCode: '058',
        accountName: 'Chiamaka Eze',
        status: 'pending',
        failureReason: null,
        createdAt: clock.now(),
      });
    });

    it('when a transfer settles, then it leaves the pending list but can be listed by status', async () => {
      const request = await transferRequest();
      await payouts.createTransfer(request);
      await payouts.settleTransfer(request.reference, 'success');
      const pending = await payouts.listPendingTransfers();
      expect(pending.map((payout) => payout.reference)).not.toContain(request.reference);
      const successful = await payouts.listPendingTransfers({ statuses: ['success'] });
      expect(successful.map((payout) => payout.reference)).toContain(request.reference);
      expect(await payouts.listPendingTransfers({ statuses: [] })).toEqual([]);
    });
  });
});
