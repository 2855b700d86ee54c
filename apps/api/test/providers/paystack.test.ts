import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { paystackPaymentsProvider } from '../../src/providers/payments/paystack.ts';
import {
  PaymentProviderError,
  type CheckoutRequest,
  type DedicatedAccountRequest,
  type PaymentsProvider,
} from '../../src/providers/payments/payments.port.ts';
import {
  PayoutProviderError,
  type PayoutsProvider,
  type TransferRequest,
} from '../../src/providers/payouts/payouts.port.ts';
import { buildNuban, isValidNuban } from '../../src/providers/virtual-accounts/nuban.ts';
import { startPaystackFake, type PaystackFake } from '../support/paystack-fake.ts';

const secretKey = 'sk_test_ajo_0123456789abcdef';

const accountRequest: DedicatedAccountRequest = {
  customerReference: 'usr_01HZX4N6Q2',
  email: 'chiamaka.eze@example.com',
  firstName: 'Chiamaka',
  lastName: 'Eze',
  phone: '8031234567',
  bvn: '22222222222',
  accountName: 'Chiamaka Eze',
};

let referenceCount = 0;
function checkoutRequest(overrides: Partial<CheckoutRequest> = {}): CheckoutRequest {
  referenceCount += 1;
  return {
    reference: `chk_${String(Date.now())}_${String(referenceCount)}`,
    amountMinor: 500_000n,
    currency: 'NGN',
    email: 'chiamaka.eze@example.com',
    callbackUrl: 'https://app.ajo.test/wallet/fund/card/return',
    ...overrides,
  };
}

/** charge.success for a bank transfer into a dedicated account, shaped as Paystack documents it. */
function transferCharge(overrides: { authorization?: object; data?: object } = {}) {
  return {
    event: 'charge.success',
    data: {
      id: 302961,
      domain: 'live',
      status: 'success',
      reference: '100004230516114825110957004411',
      amount: 1_250_050,
      message: null,
      gateway_response: 'Approved',
      paid_at: '2024-05-16T11:48:33.000Z',
      created_at: '2024-05-16T11:48:33.000Z',
      channel: 'dedicated_nuban',
      currency: 'NGN',
      metadata: {
        receiver_account_number: '9930000019',
        receiver_bank: 'Wema Bank',
        custom_fields: [],
      },
      customer: { id: 7454289, customer_code: 'CUS_kpb3qj71u1m0rw8', email: 'c@example.com' },
      authorization: {
        authorization_code: 'AUTH_0ozsafcpdf',
        bin: '413XXX',
        last4: 'X011',
        exp_month: '01',
        exp_year: '2020',
        channel: 'dedicated_nuban',
        card_type: 'transfer',
        bank: 'First City Monument Bank',
        country_code: 'NG',
        brand: 'Managed Account',
        reusable: false,
        signature: null,
        sender_bank: 'First City Monument Bank',
        sender_bank_account_number: 'XXXXXX0011',
        sender_country: 'NG',
        sender_name: 'RANDALL AKANBI HORTON',
        narration: 'NIP: RANDALL HORTON -1123344343/44343231232',
        receiver_bank_account_number: '9930000902',
        receiver_bank: 'Wema Bank',
        ...overrides.authorization,
      },
      paidAt: '2024-05-16T11:48:33.000Z',
      ...overrides.data,
    },
  };
}

function cardCharge(reference: string) {
  return {
    event: 'charge.success',
    data: {
      id: 4099260516,
      status: 'success',
      reference,
      amount: 500_000,
      paid_at: '2024-05-16T10:23:11.000Z',
      channel: 'card',
      currency: 'NGN',
      metadata: '',
      authorization: {
        authorization_code: 'AUTH_pmx3mgawyd',
        bin: '408408',
        last4: '4081',
        channel: 'card',
        card_type: 'visa',
        bank: 'TEST BANK',
        reusable: true,
      },
    },
  };
}

describe('Paystack payments provider', () => {
  let fake: PaystackFake;
  let provider: PaymentsProvider & PayoutsProvider;
  beforeAll(async () => {
    fake = await startPaystackFake({ secretKey });
    provider = paystackPaymentsProvider({ secretKey, baseUrl: fake.baseUrl, timeoutMs: 2_000 });
  });
  afterAll(async () => {
    await fake.close();
  });

  const lastRequests = (count: number) => fake.requests.slice(-count);

  describe('dedicated accounts', () => {
    it('when an account is created, then a customer and then its dedicated account are asked for', async () => {
      await provider.createDedicatedAccount(accountRequest);
      const [customer, account] = lastRequests(2);
      expect(customer).toMatchObject({
        method: 'POST',
        path: '/customer',
        body: {
          email: 'chiamaka.eze@example.com',
          first_name: 'Chiamaka',
          last_name: 'Eze',
          phone: '+2348031234567',
          metadata: { customer_reference: 'usr_01HZX4N6Q2' },
        },
      });
      expect(account).toMatchObject({
        method: 'POST',
        path: '/dedicated_account',
        body: {
          customer: expect.stringMatching(/^CUS_/) as unknown,
          preferred_bank: 'wema-bank',
          first_name: 'Chiamaka',
          last_name: 'Eze',
          phone: '+2348031234567',
        },
      });
    });

    it('when an account is created, then the BVN is never sent to Paystack', async () => {
      await provider.createDedicatedAccount(accountRequest);
      for (const request of lastRequests(2)) {
        expect(JSON.stringify(request.body)).not.toContain(accountRequest.bvn);
      }
    });

    it('when an account is created, then every call carries the bearer key and JSON type', async () => {
      await provider.createDedicatedAccount(accountRequest);
      for (const request of lastRequests(2)) {
        expect(request.headers.authorization).toBe(`Bearer ${secretKey}`);
        expect(request.headers['content-type']).toBe('application/json');
      }
    });

    it("when Paystack assigns an account, then its answer is mapped to the port's account", async () => {
      const account = await provider.createDedicatedAccount(accountRequest);
      expect(account).toEqual({
        accountNumber: expect.stringMatching(/^\d{10}$/) as unknown,
        accountName: 'AJO/CHIAMAKA EZE',
        bankName: 'Wema Bank',
        bankCode: '20',
        providerReference: expect.stringMatching(/^\d+$/) as unknown,
      });
      expect(isValidNuban('035', account.accountNumber)).toBe(true);
    });

    it('when an account is deactivated, then DELETE /dedicated_account/:id closes it, and closing it again or an unknown one succeeds', async () => {
      const account = await provider.createDedicatedAccount({
        ...accountRequest,
        email: 'bola.ade@example.com',
        customerReference: 'usr_01HZX4N6Q4',
      });
      await provider.deactivateDedicatedAccount(account.providerReference);
      expect(lastRequests(1)[0]).toMatchObject({
        method: 'DELETE',
        path: `/dedicated_account/${account.providerReference}`,
      });
      expect(fake.dedicatedAccountActive(Number(account.providerReference))).toBe(false);
      await expect(
        provider.deactivateDedicatedAccount(account.providerReference),
      ).resolves.toBeUndefined();
      await expect(provider.deactivateDedicatedAccount('999999')).resolves.toBeUndefined();
    });

    it('when Paystack fails while deactivating, then the failure is unavailable (retried), and a malformed id is rejected', async () => {
      const account = await provider.createDedicatedAccount({
        ...accountRequest,
        email: 'emeka.obi@example.com',
        customerReference: 'usr_01HZX4N6Q3',
      });
      fake.failNext(502, undefined, `/dedicated_account/${account.providerReference}`);
      await expect(
        provider.deactivateDedicatedAccount(account.providerReference),
      ).rejects.toMatchObject({ reason: 'unavailable' });
      await expect(provider.deactivateDedicatedAccount('SBX-1')).rejects.toMatchObject({
        reason: 'rejected',
      });
    });

    it('when another bank is preferred, then it is asked for and an unknown one is rejected', async () => {
      const other = paystackPaymentsProvider({
        secretKey,
        baseUrl: fake.baseUrl,
        preferredBank: 'no-such-bank',
      });
      const creation = other.createDedicatedAccount(accountRequest);
      await expect(creation).rejects.toBeInstanceOf(PaymentProviderError);
      await expect(creation).rejects.toMatchObject({
        reason: 'rejected',
        message: 'Preferred bank is not a valid dedicated account provider',
      });
      expect(lastRequests(1)[0]?.body).toMatchObject({ preferred_bank: 'no-such-bank' });
    });

    it('when the email is not an email, then Paystack’s 400 becomes a rejection with its message', async () => {
      await expect(
        provider.createDedicatedAccount({ ...accountRequest, email: 'not-an-email' }),
      ).rejects.toMatchObject({ reason: 'rejected', message: 'Invalid Email Address Passed' });
    });

    it('when the assigned account number is not 10 digits, then Paystack is unavailable', async () => {
      const strange = paystackPaymentsProvider({
        secretKey,
        baseUrl: fake.baseUrl,
        fetch: async (input, init) => {
          const response = await fetch(input, init);
          const url = input instanceof Request ? input.url : input.toString();
          if (!url.endsWith('/dedicated_account')) return response;
          const body = (await response.json()) as { data: Record<string, unknown> };
          body.data.account_number = '12345';
          return Response.json(body);
        },
      });
      await expect(strange.createDedicatedAccount(accountRequest)).rejects.toMatchObject({
        reason: 'unavailable',
      });
    });
  });

  describe('checkout', () => {
    it('when a checkout starts, then Paystack gets the amount as a whole number of kobo', async () => {
      const request = checkoutRequest({ amountMinor: 1_250_050n });
      await provider.initializeCheckout(request);
      const [sent] = lastRequests(1);
      expect(sent).toMatchObject({ method: 'POST', path: '/transaction/initialize' });
      expect(sent?.headers.authorization).toBe(`Bearer ${secretKey}`);
      expect(sent?.headers['content-type']).toBe('application/json');
      expect(sent?.body).toEqual({
        email: 'chiamaka.eze@example.com',
        amount: 1_250_050,
        reference: request.reference,
        callback_url: 'https://app.ajo.test/wallet/fund/card/return',
        currency: 'NGN',
        channels: ['card', 'bank', 'ussd', 'bank_transfer'],
      });
      expect(typeof (sent?.body as { amount: unknown }).amount).toBe('number');
    });

    it('when a checkout starts, then the session carries the checkout URL and access code', async () => {
      const request = checkoutRequest();
      const session = await provider.initializeCheckout(request);
      expect(session.reference).toBe(request.reference);
      expect(session.providerReference).toMatch(/^[0-9a-f]+$/);
      expect(session.authorizationUrl).toBe(
        `https://checkout.paystack.com/${session.providerReference}`,
      );
    });

    it('when a reference is reused, then Paystack’s refusal is a rejection', async () => {
      const request = checkoutRequest();
      await provider.initializeCheckout(request);
      await expect(provider.initializeCheckout(request)).rejects.toMatchObject({
        reason: 'rejected',
        message: 'Duplicate Transaction Reference',
      });
    });

    it('when the amount is zero, then it is rejected before Paystack is called', async () => {
      const calls = fake.requests.length;
      await expect(
        provider.initializeCheckout(checkoutRequest({ amountMinor: 0n })),
      ).rejects.toMatchObject({ reason: 'rejected' });
      expect(fake.requests).toHaveLength(calls);
    });

    it('when the secret key is wrong, then the 401 is a rejection and the key is not leaked', async () => {
      const wrong = paystackPaymentsProvider({ secretKey: 'sk_test_wrong', baseUrl: fake.baseUrl });
      const start = wrong.initializeCheckout(checkoutRequest());
      await expect(start).rejects.toMatchObject({ reason: 'rejected', message: 'Invalid key' });
      expect(lastRequests(1)[0]?.headers.authorization).toBe('Bearer sk_test_wrong');
    });
  });

  describe('verifying a checkout', () => {
    it('when the transaction succeeded, then it verifies as success with its kobo and time', async () => {
      const request = checkoutRequest({ amountMinor: 730_000n });
      await provider.initializeCheckout(request);
      fake.setTransaction(request.reference, {
        status: 'success',
        paid_at: '2024-05-16T10:23:11.000Z',
      });
      const verification = await provider.verifyCheckout(request.reference);
      expect(verification).toEqual({
        reference: request.reference,
        kind: 'checkout',
        accountNumber: null,
        status: 'success',
        amountMinor: 730_000n,
        currency: 'NGN',
        paidAt: new Date('2024-05-16T10:23:11.000Z'),
        providerTransactionId: expect.stringMatching(/^\d+$/) as unknown,
      });
      expect(lastRequests(1)[0]).toMatchObject({
        method: 'GET',
        path: `/transaction/verify/${request.reference}`,
      });
      expect(lastRequests(1)[0]?.headers.authorization).toBe(`Bearer ${secretKey}`);
    });

    it('when the transaction failed or was reversed, then it verifies as failed', async () => {
      const request = checkoutRequest();
      await provider.initializeCheckout(request);
      fake.setTransaction(request.reference, { status: 'failed' });
      expect((await provider.verifyCheckout(request.reference)).status).toBe('failed');
      fake.setTransaction(request.reference, { status: 'reversed' });
      expect((await provider.verifyCheckout(request.reference)).status).toBe('failed');
    });

    it('when nobody paid, then it verifies as abandoned without a payment time', async () => {
      const request = checkoutRequest();
      await provider.initializeCheckout(request);
      const verification = await provider.verifyCheckout(request.reference);
      expect(verification).toMatchObject({ status: 'abandoned', paidAt: null });
    });

    it('when the transaction is still in progress, then it verifies as pending', async () => {
      const request = checkoutRequest();
      await provider.initializeCheckout(request);
      for (const status of ['ongoing', 'pending', 'processing', 'queued', 'something-new']) {
        fake.setTransaction(request.reference, { status });
        expect((await provider.verifyCheckout(request.reference)).status).toBe('pending');
      }
    });

    it('when Paystack reports another amount, then the verification carries that amount', async () => {
      const request = checkoutRequest({ amountMinor: 500_000n });
      await provider.initializeCheckout(request);
      fake.setTransaction(request.reference, { status: 'success', amount: 100 });
      expect((await provider.verifyCheckout(request.reference)).amountMinor).toBe(100n);
    });

    it('when the amount is not a whole number of kobo, then Paystack is unavailable', async () => {
      const request = checkoutRequest();
      await provider.initializeCheckout(request);
      fake.setTransaction(request.reference, { status: 'success', amount: 500_000.5 });
      await expect(provider.verifyCheckout(request.reference)).rejects.toMatchObject({
        reason: 'unavailable',
      });
    });

    it('when the reference has reserved characters, then it is sent encoded', async () => {
      const reference = 'chk/with space?';
      fake.setTransaction(reference, { status: 'success', amount: 100 });
      const verification = await provider.verifyCheckout(reference);
      expect(verification.reference).toBe(reference);
      expect(lastRequests(1)[0]?.path).toBe('/transaction/verify/chk%2Fwith%20space%3F');
    });

    it('when the reference is a transfer into a dedicated account, then it verifies as a transfer into that account', async () => {
      const reference = 'T1000042305161148';
      fake.setTransaction(reference, {
        status: 'success',
        amount: 1_250_050,
        channel: 'dedicated_nuban',
        authorization: { channel: 'dedicated_nuban', receiver_bank_account_number: '9930000019' },
      });
      expect(await provider.verifyCheckout(reference)).toMatchObject({
        kind: 'transfer',
        accountNumber: '9930000019',
        amountMinor: 1_250_050n,
      });
      // Older integrations name the receiving account in the metadata only.
      fake.setTransaction(reference, {
        authorization: { channel: 'dedicated_nuban' },
        metadata: { receiver_account_number: '9930000027' },
      });
      expect(await provider.verifyCheckout(reference)).toMatchObject({
        kind: 'transfer',
        accountNumber: '9930000027',
      });
    });

    it('when the answer has no channel, then Paystack is unavailable: the kind of payment is unknown', async () => {
      const request = checkoutRequest();
      await provider.initializeCheckout(request);
      fake.setTransaction(request.reference, { status: 'success', channel: '' });
      await expect(provider.verifyCheckout(request.reference)).rejects.toMatchObject({
        reason: 'unavailable',
      });
    });

    it('when the reference is unknown, then the 400 is a rejection with Paystack’s message', async () => {
      await expect(provider.verifyCheckout('never-initialized')).rejects.toMatchObject({
        reason: 'rejected',
        message: 'Transaction reference not found',
      });
    });
  });

  describe('when Paystack misbehaves', () => {
    it('when it answers 500, then it is unavailable', async () => {
      fake.failNext(500);
      await expect(provider.verifyCheckout('any')).rejects.toMatchObject({ reason: 'unavailable' });
    });

    it('when it answers 429, then it is unavailable, as a retry may succeed', async () => {
      fake.failNext(429);
      await expect(provider.verifyCheckout('any')).rejects.toMatchObject({ reason: 'unavailable' });
    });

    it('when it answers 400 with status false, then it is rejected with its message', async () => {
      fake.failNext(400, JSON.stringify({ status: false, message: 'Invalid reference' }));
      await expect(provider.verifyCheckout('any')).rejects.toMatchObject({
        reason: 'rejected',
        message: 'Invalid reference',
      });
    });

    it('when it answers 200 with status false, then it is rejected with its message', async () => {
      fake.failNext(200, JSON.stringify({ status: false, message: 'Not allowed' }));
      await expect(provider.initializeCheckout(checkoutRequest())).rejects.toMatchObject({
        reason: 'rejected',
        message: 'Not allowed',
      });
    });

    it('when it answers garbage instead of JSON, then it is unavailable', async () => {
      fake.failNext(200, '<html>upstream error</html>');
      await expect(provider.initializeCheckout(checkoutRequest())).rejects.toMatchObject({
        reason: 'unavailable',
      });
    });

    it('when its answer does not fit the documented shape, then it is unavailable', async () => {
      fake.failNext(200, JSON.stringify({ status: true, message: 'ok', data: { reference: 1 } }));
      await expect(provider.initializeCheckout(checkoutRequest())).rejects.toMatchObject({
        reason: 'unavailable',
      });
    });

    it('when it does not answer in time, then it is unavailable', async () => {
      const impatient = paystackPaymentsProvider({
        secretKey,
        baseUrl: fake.baseUrl,
        timeoutMs: 100,
      });
      fake.stallNext();
      const started = Date.now();
      await expect(impatient.verifyCheckout('any')).rejects.toMatchObject({
        reason: 'unavailable',
        message: expect.stringContaining('timed out') as unknown,
      });
      expect(Date.now() - started).toBeLessThan(1_500);
    });

    it('when nothing listens, then it is unavailable', async () => {
      const gone = await startPaystackFake({ secretKey });
      await gone.close();
      const unreachable = paystackPaymentsProvider({ secretKey, baseUrl: gone.baseUrl });
      await expect(unreachable.verifyCheckout('any')).rejects.toMatchObject({
        reason: 'unavailable',
      });
    });
  });

  describe('webhook signatures', () => {
    it('when the body is signed with the secret key, then the signature is accepted', () => {
      const { body, headers } = fake.signedWebhook(transferCharge());
      expect(provider.verifyWebhookSignature(body, headers)).toBe(true);
    });

    it('when the header name is capitalised, then the signature is still found', () => {
      const { body, headers } = fake.signedWebhook(transferCharge());
      const signature = headers['x-paystack-signature'];
      expect(provider.verifyWebhookSignature(body, { 'X-Paystack-Signature': signature })).toBe(
        true,
      );
    });

    it('when the body was tampered with, then the signature is refused', () => {
      const { body, headers } = fake.signedWebhook(transferCharge());
      const tampered = Buffer.from(body.toString().replace('1250050', '9250050'));
      expect(provider.verifyWebhookSignature(tampered, headers)).toBe(false);
    });

    it('when the body was signed with another key, then the signature is refused', async () => {
      const other = await startPaystackFake({ secretKey: 'sk_test_someone_else' });
      const { body, headers } = other.signedWebhook(transferCharge());
      await other.close();
      expect(provider.verifyWebhookSignature(body, headers)).toBe(false);
    });

    it('when the signature is missing, repeated or malformed, then it is refused', () => {
      const { body, headers } = fake.signedWebhook(transferCharge());
      const signature = headers['x-paystack-signature']!;
      expect(provider.verifyWebhookSignature(body, {})).toBe(false);
      expect(
        provider.verifyWebhookSignature(body, { 'x-paystack-signature': [signature, signature] }),
      ).toBe(false);
      expect(provider.verifyWebhookSignature(body, { 'x-paystack-signature': 'abc' })).toBe(false);
      expect(
        provider.verifyWebhookSignature(body, { 'x-paystack-signature': signature.slice(0, 64) }),
      ).toBe(false);
      expect(
        provider.verifyWebhookSignature(body, {
          'x-paystack-signature': `${signature.slice(0, 126)}zz`,
        }),
      ).toBe(false);
    });
  });

  describe('webhook bodies', () => {
    it('when a transfer lands in a dedicated account, then it is a transfer received', () => {
      const { body } = fake.signedWebhook(transferCharge());
      expect(provider.parseWebhook(body)).toEqual({
        type: 'transfer_received',
        reference: '100004230516114825110957004411',
        accountNumber: '9930000902',
        amountMinor: 1_250_050n,
        currency: 'NGN',
        senderName: 'RANDALL AKANBI HORTON',
        senderBank: 'First City Monument Bank',
        paidAt: new Date('2024-05-16T11:48:33.000Z'),
      });
    });

    it('when the authorization names no receiving account, then the metadata one is used', () => {
      const { body } = fake.signedWebhook(
        transferCharge({ authorization: { receiver_bank_account_number: null } }),
      );
      expect(provider.parseWebhook(body)).toMatchObject({
        type: 'transfer_received',
        accountNumber: '9930000019',
      });
    });

    it('when a card checkout is charged, then it is a checkout success for our reference', () => {
      const { body } = fake.signedWebhook(cardCharge('chk_card_1'));
      expect(provider.parseWebhook(body)).toEqual({
        type: 'checkout_succeeded',
        reference: 'chk_card_1',
        amountMinor: 500_000n,
        currency: 'NGN',
      });
    });

    it('when another event arrives, then it is ignored by name', () => {
      const { body } = fake.signedWebhook({
        event: 'charge.dispute.create',
        data: { reference: 'trf_1', amount: 100 },
      });
      expect(provider.parseWebhook(body)).toEqual({
        type: 'ignored',
        event: 'charge.dispute.create',
      });
    });

    it('when the body is not JSON or has no event, then parsing throws', () => {
      expect(() => provider.parseWebhook(Buffer.from('not json'))).toThrow(Error);
      expect(() => provider.parseWebhook(Buffer.from('[]'))).toThrow(Error);
      expect(() => provider.parseWebhook(Buffer.from('{"data":{}}'))).toThrow(Error);
    });

    it('when a charge has a fractional or text amount, then parsing throws', () => {
      for (const amount of [1250.5, '1250050', -1]) {
        const { body } = fake.signedWebhook(transferCharge({ data: { amount } }));
        expect(() => provider.parseWebhook(body)).toThrow(Error);
      }
    });

    it('when a transfer has no receiving account or payment time, then parsing throws', () => {
      const noAccount = transferCharge({
        authorization: { receiver_bank_account_number: null },
        data: { metadata: '' },
      });
      expect(() => provider.parseWebhook(fake.signedWebhook(noAccount).body)).toThrow(Error);
      const noTime = transferCharge({ data: { paid_at: null, paidAt: null } });
      expect(() => provider.parseWebhook(fake.signedWebhook(noTime).body)).toThrow(Error);
    });
  });
});

describe('Paystack payouts provider', () => {
  let fake: PaystackFake;
  let provider: PaymentsProvider & PayoutsProvider;
  beforeAll(async () => {
    fake = await startPaystackFake({ secretKey });
    provider = paystackPaymentsProvider({ secretKey, baseUrl: fake.baseUrl, timeoutMs: 2_000 });
  });
  afterAll(async () => {
    await fake.close();
  });

  const lastRequests = (count: number) => fake.requests.slice(-count);

  let serial = 0;
  /** A fresh account at GTBank that name enquiry finds. */
  function bankAccount(accountName = 'CHIAMAKA NGOZI EZE') {
    serial += 1;
    const account = {
      accountNumber: buildNuban('058', String(100_000_000 + serial)),
      bankCode: '058',
      accountName,
    };
    fake.addBankAccount(account);
    return account;
  }

  let transferCount = 0;
  function transferRequest(overrides: Partial<TransferRequest> = {}): TransferRequest {
    transferCount += 1;
    const account = bankAccount();
    return {
      reference: `AJO-WDR-${String(Date.now())}-${String(transferCount)}`,
      amountMinor: 2_500_000n,
      ...account,
      reason: 'Ajo wallet withdrawal',
      ...overrides,
    };
  }

  describe('the bank list', () => {
    it('when banks are listed, then Nigeria’s banks are asked for, 100 a page, by cursor', async () => {
      await provider.listBanks();
      expect(lastRequests(1)[0]).toMatchObject({
        method: 'GET',
        path: '/bank',
        query: { country: 'nigeria', perPage: '100', use_cursor: 'true' },
      });
      expect(lastRequests(1)[0]?.headers.authorization).toBe(`Bearer ${secretKey}`);
    });

    it('when banks are listed, then each has its name, code and slug, sorted by name', async () => {
      const banks = await provider.listBanks();
      expect(banks).toContainEqual({
        name: 'Guaranty Trust Bank',
        code: '058',
        slug: 'guaranty-trust-bank',
      });
      expect(banks).toContainEqual({ name: 'OPay', code: '999992', slug: 'paycom' });
      const names = banks.map((bank) => bank.name);
      expect(names).toEqual(
        [...names].sort((a, b) => a.localeCompare(b, 'en', { sensitivity: 'base' })),
      );
      expect(new Set(banks.map((bank) => bank.code)).size).toBe(banks.length);
    });

    it('when Paystack lists inactive banks or codes that are not digits, then they are left out', async () => {
      const codes = (await provider.listBanks()).map((bank) => bank.code);
      expect(codes).not.toContain('030');
      expect(codes).not.toContain('035A');
      expect(codes).not.toContain('MFB50094');
    });

    it('when the list spans several pages, then every page is read', async () => {
      const big = await startPaystackFake({ secretKey });
      try {
        for (let index = 0; index < 150; index += 1) {
          big.addBank({
            name: `Test Microfinance Bank ${String(index)}`,
            code: String(59_000 + index),
          });
        }
        const paged = paystackPaymentsProvider({ secretKey, baseUrl: big.baseUrl });
        const banks = await paged.listBanks();
        expect(banks.length).toBeGreaterThan(150);
        expect(banks.map((bank) => bank.code)).toEqual(
          expect.arrayContaining(['058', '59000', '59149']),
        );
        expect(big.requests.length).toBeGreaterThanOrEqual(2);
        expect(big.requests[1]?.query.next).toEqual(expect.any(String));
      } finally {
        await big.close();
      }
    });

    it('when an entry does not fit Paystack’s shape, then the list is unavailable', async () => {
      fake.failNext(
        200,
        JSON.stringify({ status: true, message: 'ok', data: [{ name: 'X', code: 58 }] }),
      );
      await expect(provider.listBanks()).rejects.toMatchObject({ reason: 'unavailable' });
    });

    it('when Paystack answers 500, then the list is unavailable, as a payout error', async () => {
      fake.failNext(500);
      const listing = provider.listBanks();
      await expect(listing).rejects.toBeInstanceOf(PayoutProviderError);
      await expect(listing).rejects.toMatchObject({ reason: 'unavailable' });
    });
  });

  describe('name enquiry', () => {
    it('when the account exists, then its name is answered', async () => {
      const account = bankAccount('ADEBAYO OLUWASEUN OKAFOR');
      const resolved = await provider.resolveAccount(account);
      expect(resolved).toEqual({
        accountNumber: account.accountNumber,
        accountName: 'ADEBAYO OLUWASEUN OKAFOR',
        bankCode: '058',
      });
      expect(lastRequests(1)[0]).toMatchObject({
        method: 'GET',
        path: '/bank/resolve',
        query: { account_number: account.accountNumber, bank_code: '058' },
      });
    });

    it('when no such account exists, then it is not found with Paystack’s message', async () => {
      await expect(
        provider.resolveAccount({ accountNumber: buildNuban('058', '999999999'), bankCode: '058' }),
      ).rejects.toMatchObject({
        reason: 'not_found',
        message: 'Could not resolve account name. Check parameters or try again.',
      });
    });

    it('when Paystack says it with a 400, then it is still not found', async () => {
      fake.failNext(
        400,
        JSON.stringify({
          status: false,
          message: 'Could not resolve account name. Check parameters or try again.',
        }),
      );
      await expect(
        provider.resolveAccount({ accountNumber: '0123456789', bankCode: '058' }),
      ).rejects.toMatchObject({ reason: 'not_found' });
    });

    it('when the bank code is unknown, then it is rejected', async () => {
      await expect(
        provider.resolveAccount({ accountNumber: '0123456789', bankCode: '999' }),
      ).rejects.toMatchObject({ reason: 'rejected', message: 'Unknown bank code: 999' });
    });

    it('when the account number is not 10 digits, then it is not found without a call', async () => {
      const calls = fake.requests.length;
      await expect(
        provider.resolveAccount({ accountNumber: '012345678', bankCode: '058' }),
      ).rejects.toMatchObject({ reason: 'not_found' });
      expect(fake.requests).toHaveLength(calls);
    });

    it('when Paystack resolves another account, then it is unavailable', async () => {
      fake.failNext(
        200,
        JSON.stringify({
          status: true,
          message: 'Account number resolved',
          data: { account_number: '1111111111', account_name: 'SOMEONE ELSE' },
        }),
      );
      await expect(
        provider.resolveAccount({ accountNumber: '0123456789', bankCode: '058' }),
      ).rejects.toMatchObject({ reason: 'unavailable' });
    });

    it('when Paystack times out, then name enquiry is unavailable and the number is not logged', async () => {
      const impatient = paystackPaymentsProvider({
        secretKey,
        baseUrl: fake.baseUrl,
        timeoutMs: 100,
      });
      fake.stallNext();
      const enquiry = impatient.resolveAccount({ accountNumber: '0123456789', bankCode: '058' });
      await expect(enquiry).rejects.toMatchObject({ reason: 'unavailable' });
      await expect(enquiry).rejects.not.toMatchObject({
        message: expect.stringContaining('0123456789') as unknown,
      });
    });
  });

  describe('transfers', () => {
    it('when a transfer is sent, then a recipient and then the transfer are asked for', async () => {
      const request = transferRequest({ amountMinor: 1_250_050n });
      await provider.createTransfer(request);
      const [recipient, transfer] = lastRequests(2);
      expect(recipient).toMatchObject({
        method: 'POST',
        path: '/transferrecipient',
        body: {
          type: 'nuban',
          name: 'CHIAMAKA NGOZI EZE',
          account_number: request.accountNumber,
          bank_code: '058',
          currency: 'NGN',
        },
      });
      expect(transfer).toMatchObject({
        method: 'POST',
        path: '/transfer',
        body: {
          source: 'balance',
          amount: 1_250_050,
          recipient: expect.stringMatching(/^RCP_/) as unknown,
          // Paystack asks for lower case; ours is upper case, and comes back so.
          reference: request.reference.toLowerCase(),
          reason: 'Ajo wallet withdrawal',
          currency: 'NGN',
        },
      });
      expect(typeof (transfer?.body as { amount: unknown }).amount).toBe('number');
    });

    it('when a transfer is queued, then it answers pending with the transfer code', async () => {
      const request = transferRequest();
      const state = await provider.createTransfer(request);
      expect(state).toEqual({
        reference: request.reference,
        status: 'pending',
        amountMinor: 2_500_000n,
        providerReference: fake.findTransfer(request.reference)?.transfer_code,
      });
      expect(state.providerReference).toMatch(/^TRF_/);
    });

    it('when the same account is paid twice, then Paystack keeps one recipient', async () => {
      const first = transferRequest();
      await provider.createTransfer(first);
      await provider.createTransfer({ ...first, reference: `${first.reference}-2` });
      const codes = fake.requests
        .filter((call) => call.path === '/transfer')
        .slice(-2)
        .map((call) => (call.body as { recipient: string }).recipient);
      expect(codes[0]).toBe(codes[1]);
    });

    it('when a reference is reused, then the existing transfer is answered and nothing is paid twice', async () => {
      const request = transferRequest({ amountMinor: 700_000n });
      await provider.createTransfer(request);
      fake.settleTransfer(request.reference, 'success');
      const again = await provider.createTransfer({ ...request, amountMinor: 900_000n });
      expect(again).toMatchObject({
        reference: request.reference,
        status: 'success',
        amountMinor: 700_000n,
      });
      expect(fake.findTransfer(request.reference)?.amount).toBe(700_000);
      expect(lastRequests(2).map((call) => `${call.method} ${call.path}`)).toEqual([
        'POST /transfer',
        `GET /transfer/verify/${request.reference.toLowerCase()}`,
      ]);
    });

    it('when Paystack refuses a transfer in other words but has it, then the transfer it has is the answer, not a refusal', async () => {
      const request = transferRequest({ amountMinor: 300_000n });
      await provider.createTransfer(request);
      // A retry whose refusal does not say "duplicate": refunding on it would pay out twice.
      fake.failNext(
        400,
        JSON.stringify({ status: false, message: 'Transfer could not be initiated' }),
        '/transfer',
      );
      const again = await provider.createTransfer(request);
      expect(again).toMatchObject({ reference: request.reference, amountMinor: 300_000n });
      expect(lastRequests(1)[0]?.path).toBe(`/transfer/verify/${request.reference.toLowerCase()}`);
    });

    it('when Paystack cannot resolve the account, then the transfer is rejected and never sent', async () => {
      const request = transferRequest({ accountNumber: buildNuban('058', '888888888') });
      await expect(provider.createTransfer(request)).rejects.toMatchObject({
        reason: 'rejected',
        message: 'Cannot resolve account',
      });
      expect(lastRequests(1)[0]?.path).toBe('/transferrecipient');
      expect(fake.findTransfer(request.reference)).toBeUndefined();
    });

    it('when the Paystack balance is too low, then the transfer is rejected with its message', async () => {
      fake.setBalance(100);
      try {
        await expect(provider.createTransfer(transferRequest())).rejects.toMatchObject({
          reason: 'rejected',
          message: 'Your balance is not enough to fulfil this request',
        });
      } finally {
        fake.setBalance(1_000_000_000_000);
      }
    });

    it('when the amount is zero or the account number is short, then nothing is sent', async () => {
      const calls = fake.requests.length;
      await expect(
        provider.createTransfer(transferRequest({ amountMinor: 0n })),
      ).rejects.toMatchObject({ reason: 'rejected' });
      await expect(
        provider.createTransfer(transferRequest({ accountNumber: '12345' })),
      ).rejects.toMatchObject({ reason: 'rejected' });
      expect(fake.requests).toHaveLength(calls);
    });

    it('when Paystack answers 500 to the transfer, then the outcome is unknown (unavailable)', async () => {
      fake.failNext(500, undefined, '/transfer');
      await expect(provider.createTransfer(transferRequest())).rejects.toMatchObject({
        reason: 'unavailable',
      });
      expect(lastRequests(2).map((call) => call.path)).toEqual(['/transferrecipient', '/transfer']);
    });

    it('when the transfer call hangs, then it is unavailable and verify later finds nothing', async () => {
      const impatient = paystackPaymentsProvider({
        secretKey,
        baseUrl: fake.baseUrl,
        timeoutMs: 100,
      });
      const request = transferRequest();
      fake.stallNext('/transfer');
      await expect(impatient.createTransfer(request)).rejects.toMatchObject({
        reason: 'unavailable',
        message: expect.stringContaining('timed out') as unknown,
      });
      expect(await provider.fetchTransfer(request.reference)).toBeUndefined();
    });
  });

  describe('verifying a transfer', () => {
    it('when the transfer succeeded, failed or was reversed, then that is its status', async () => {
      const request = transferRequest({ amountMinor: 330_000n });
      await provider.createTransfer(request);
      expect(await provider.fetchTransfer(request.reference)).toMatchObject({
        status: 'pending',
      });
      expect(lastRequests(1)[0]).toMatchObject({
        method: 'GET',
        path: `/transfer/verify/${request.reference.toLowerCase()}`,
      });
      fake.settleTransfer(request.reference, 'success');
      expect(await provider.fetchTransfer(request.reference)).toEqual({
        reference: request.reference,
        status: 'success',
        amountMinor: 330_000n,
        providerReference: fake.findTransfer(request.reference)?.transfer_code,
      });
      fake.settleTransfer(request.reference, 'reversed');
      expect(await provider.fetchTransfer(request.reference)).toMatchObject({
        status: 'reversed',
        failureReason: 'Transfer reversed by bank',
      });
      fake.settleTransfer(request.reference, 'failed');
      expect(await provider.fetchTransfer(request.reference)).toMatchObject({
        status: 'failed',
        failureReason: 'Beneficiary bank unavailable',
      });
    });

    it('when Paystack reports abandoned, blocked or rejected, then the transfer failed', async () => {
      const request = transferRequest();
      await provider.createTransfer(request);
      for (const status of ['abandoned', 'blocked', 'rejected']) {
        fake.settleTransfer(request.reference, status);
        expect((await provider.fetchTransfer(request.reference))?.status).toBe('failed');
      }
    });

    it('when the transfer is still in progress, then it is pending', async () => {
      const request = transferRequest();
      await provider.createTransfer(request);
      for (const status of ['otp', 'received', 'queued', 'constructor', 'something-new']) {
        fake.settleTransfer(request.reference, status);
        expect((await provider.fetchTransfer(request.reference))?.status).toBe('pending');
      }
    });

    it('when Paystack never received the transfer, then there is nothing (404 or 400)', async () => {
      expect(await provider.fetchTransfer('AJO-WDR-NEVER-SENT')).toBeUndefined();
      fake.failNext(400, JSON.stringify({ status: false, message: 'Transfer not found' }));
      expect(await provider.fetchTransfer('AJO-WDR-NEVER-SENT')).toBeUndefined();
    });

    it('when the reference has reserved characters, then it is sent encoded', async () => {
      expect(await provider.fetchTransfer('trf/with space')).toBeUndefined();
      expect(lastRequests(1)[0]?.path).toBe('/transfer/verify/trf%2Fwith%20space');
    });

    it('when Paystack refuses otherwise or fails, then it is rejected or unavailable', async () => {
      fake.failNext(400, JSON.stringify({ status: false, message: 'Invalid key' }));
      await expect(provider.fetchTransfer('any')).rejects.toMatchObject({
        reason: 'rejected',
        message: 'Invalid key',
      });
      fake.failNext(503);
      await expect(provider.fetchTransfer('any')).rejects.toMatchObject({
        reason: 'unavailable',
      });
    });

    it('when Paystack answers for another reference, then it is unavailable', async () => {
      const request = transferRequest();
      await provider.createTransfer(request);
      const other = transferRequest();
      await provider.createTransfer(other);
      const answer = await fetch(
        `${fake.baseUrl}/transfer/verify/${other.reference.toLowerCase()}`,
        {
          headers: { Authorization: `Bearer ${secretKey}` },
        },
      );
      fake.failNext(200, await answer.text());
      await expect(provider.fetchTransfer(request.reference)).rejects.toMatchObject({
        reason: 'unavailable',
      });
    });
  });

  describe('transfer webhooks', () => {
    it('when a transfer succeeds, fails or is reversed, then the signed webhook is a payout settled', async () => {
      for (const status of ['success', 'failed', 'reversed'] as const) {
        const request = transferRequest({ amountMinor: 410_000n });
        await provider.createTransfer(request);
        const { body, headers } = fake.settleTransfer(request.reference, status);
        expect(provider.verifyWebhookSignature(body, headers)).toBe(true);
        expect(provider.parseWebhook(body)).toEqual({
          type: 'payout_settled',
          reference: request.reference,
          status,
          amountMinor: 410_000n,
        });
      }
    });

    it('when a transfer webhook has no reference or a fractional amount, then parsing throws', () => {
      const noReference = fake.signedWebhook({ event: 'transfer.success', data: { amount: 100 } });
      expect(() => provider.parseWebhook(noReference.body)).toThrow(Error);
      const fractional = fake.signedWebhook({
        event: 'transfer.failed',
        data: { reference: 'AJO-WDR-1', amount: 100.5, transfer_code: 'TRF_x' },
      });
      expect(() => provider.parseWebhook(fractional.body)).toThrow(Error);
    });
  });
});
