import { createHmac, timingSafeEqual } from 'node:crypto';
import { z } from 'zod';
import {
  PayoutProviderError,
  type Bank,
  type PayoutStatus,
  type PayoutsProvider,
  type ResolvedAccount,
  type TransferRequest,
  type TransferState,
} from '../payouts/payouts.port.ts';
import {
  PaymentProviderError,
  type CheckoutRequest,
  type CheckoutSession,
  type CheckoutStatus,
  type CheckoutVerification,
  type DedicatedAccount,
  type DedicatedAccountRequest,
  type PaymentEvent,
  type PaymentsProvider,
} from './payments.port.ts';

export interface PaystackOptions {
  secretKey: string;
  /** Defaults to https://api.paystack.co; tests point it at a local fake. */
  baseUrl?: string;
  /** The dedicated-account provider slug (Paystack's "preferred_bank"). */
  preferredBank?: string;
  /** Per call, covering the answer's body as well as its headers. */
  timeoutMs?: number;
  fetch?: typeof fetch;
}

/** Kobo as Paystack sends it: a whole number, never a decimal string or a float. */
const kobo = z.int().nonnegative();
const timestamp = z.iso.datetime({ offset: true }).transform((value) => new Date(value));

/** Every Paystack answer: `{ status, message, data, meta? }`; `status: false` is a refusal. */
const envelope = z.object({
  status: z.boolean(),
  message: z.string(),
  data: z.unknown().optional(),
  meta: z.unknown().optional(),
});

const customerData = z.object({ customer_code: z.string().min(1) });

const dedicatedAccountData = z.object({
  id: z.int(),
  account_name: z.string().min(1),
  account_number: z.string().regex(/^\d{10}$/),
  active: z.boolean(),
  bank: z.object({ id: z.int(), name: z.string().min(1), slug: z.string().min(1) }),
  customer: z.object({ customer_code: z.string().min(1) }),
});

/** What `DELETE /dedicated_account/:id` answers: the account, no longer active. */
const deactivatedAccountData = z.object({ id: z.int(), active: z.literal(false) });

const checkoutData = z.object({
  authorization_url: z.url({ protocol: /^https?$/ }),
  access_code: z.string().min(1),
  reference: z.string().min(1),
});

/** The receiving side of a transfer into a dedicated account, in a charge's authorization. */
const dedicatedNubanAuthorization = z.object({
  channel: z.string().nullish(),
  receiver_bank_account_number: z.string().nullish(),
});

/**
 * `GET /transaction/verify/:reference`. Checkouts and transfers into dedicated accounts are both
 * transactions here: `channel` tells them apart (`dedicated_nuban` for a transfer, `card`, `bank`,
 * `ussd`, `bank_transfer`… for the payment page), as the webhook's authorization does.
 */
const transactionData = z.object({
  id: z.int(),
  reference: z.string().min(1),
  /** success, failed, abandoned, ongoing, pending, processing, queued, reversed (and any new one). */
  status: z.string().min(1),
  amount: kobo,
  currency: z.string().min(1),
  paid_at: timestamp.nullish(),
  channel: z.string().min(1),
  metadata: z.unknown().optional(),
  authorization: dedicatedNubanAuthorization.nullish(),
});

/** `GET /bank`: one entry per bank; entries that cannot take transfers are dropped. */
const bankData = z.array(
  z.object({
    name: z.string().min(1),
    slug: z.string().min(1),
    code: z.string().min(1),
    active: z.boolean().nullish(),
    is_deleted: z.boolean().nullish(),
    supports_transfer: z.boolean().nullish(),
    type: z.string().nullish(),
  }),
);

/** Cursor pagination (`use_cursor=true`): `meta.next` names the next page, null on the last. */
const cursorMeta = z.object({ next: z.string().nullish() }).nullish();

const resolvedAccountData = z.object({
  account_number: z.string().regex(/^\d{10}$/),
  account_name: z.string().min(1),
});

const recipientData = z.object({ recipient_code: z.string().min(1) });

/**
 * A transfer (`POST /transfer`, `GET /transfer/verify/:reference`). Status is pending, success,
 * failed, reversed, otp, received, abandoned, blocked or rejected (and any new one).
 */
const transferData = z.object({
  reference: z.string().min(1),
  amount: kobo,
  status: z.string().min(1),
  transfer_code: z.string().min(1),
  gateway_response: z.string().nullish(),
});

/** Conclusive statuses; everything else (pending, otp, received, a new one) is still pending. */
const payoutStatusMap = new Map<string, PayoutStatus>([
  ['success', 'success'],
  ['failed', 'failed'],
  ['reversed', 'reversed'],
  ['abandoned', 'failed'],
  ['blocked', 'failed'],
  ['rejected', 'failed'],
]);

/** `transfer.success|failed|reversed`: the transfer, as in the verify answer. */
const transferWebhookData = z.object({
  reference: z.string().min(1),
  amount: kobo,
  transfer_code: z.string().min(1).nullish(),
  status: z.string().nullish(),
});

const payoutEvents = new Map<string, 'success' | 'failed' | 'reversed'>([
  ['transfer.success', 'success'],
  ['transfer.failed', 'failed'],
  ['transfer.reversed', 'reversed'],
]);

/** Most pages `listBanks` follows; Nigeria's list is a few hundred banks, 100 to a page. */
const maxBankPages = 20;

const webhookBody = z.object({ event: z.string().min(1), data: z.unknown().optional() });

/**
 * `charge.success` carries the whole transaction. For a transfer into a dedicated account the
 * authorization has `channel: 'dedicated_nuban'` and the sender and receiver details
 * (paystack.com/docs/payments/dedicated-virtual-accounts, "Set up webhooks").
 */
const chargeSuccessData = z.object({
  reference: z.string().min(1),
  amount: kobo,
  currency: z.string().min(1),
  paid_at: timestamp.nullish(),
  paidAt: timestamp.nullish(),
  metadata: z.unknown().optional(),
  authorization: dedicatedNubanAuthorization
    .extend({ sender_name: z.string().nullish(), sender_bank: z.string().nullish() })
    .nullish(),
});

/** Paystack's metadata is an object, an empty string or null; only the object form helps. */
const receiverMetadata = z.object({ receiver_account_number: z.string() });

/**
 * The dedicated account a transfer was paid into: the authorization names it, the metadata too
 * on older integrations. Undefined when neither holds a 10-digit account number.
 */
function receivingAccount(
  authorization: z.infer<typeof dedicatedNubanAuthorization> | null | undefined,
  metadata: unknown,
): string | undefined {
  const fromMetadata = receiverMetadata.safeParse(metadata);
  const accountNumber =
    authorization?.receiver_bank_account_number ??
    (fromMetadata.success ? fromMetadata.data.receiver_account_number : undefined);
  return accountNumber !== undefined && /^\d{10}$/.test(accountNumber) ? accountNumber : undefined;
}

const statusMap: Record<string, CheckoutStatus> = {
  success: 'success',
  failed: 'failed',
  reversed: 'failed',
  abandoned: 'abandoned',
};

/** Paystack's answers, refusals included, are short; cut anything longer before it is logged. */
function short(text: string): string {
  return text.length > 200 ? `${text.slice(0, 200)}…` : text;
}

function describe(error: unknown): string {
  if (error instanceof Error) {
    return error.name === 'TimeoutError' ? 'timed out' : short(error.message);
  }
  return 'unknown error';
}

function parseJson(text: string): unknown {
  try {
    return JSON.parse(text) as unknown;
  } catch {
    return undefined;
  }
}

function headerValue(
  headers: Record<string, string | string[] | undefined>,
  name: string,
): string | string[] | undefined {
  for (const [key, value] of Object.entries(headers)) {
    if (key.toLowerCase() === name) return value;
  }
  return undefined;
}

/**
 * Paystack asks for transfer references in lower case ("a unique identifier (in lowercase)",
 * Initiate Transfer). Ours are upper case (`AJO-WDR-…`, `referenceForKey`), so each crosses in
 * lower case and comes back in upper case.
 */
const paystackTransferReference = (ours: string) => ours.toLowerCase();
const ourTransferReference = (theirs: string) => theirs.toUpperCase();

/** A call that did not give usable data: `rejected` carries Paystack's HTTP status. */
interface Failure {
  reason: 'rejected' | 'unavailable';
  message: string;
  status?: number;
}

type Outcome<T> = { ok: true; data: T; meta: unknown } | { ok: false; failure: Failure };

/**
 * Paystack behind the payments port, dedicated virtual accounts (customer, then account) and the
 * redirect checkout (initialize, then verify by reference), and behind the payouts port: the
 * bank list, name enquiry and transfers (recipient, then transfer; verify by our reference).
 */
export function paystackPaymentsProvider(
  options: PaystackOptions,
): PaymentsProvider & PayoutsProvider {
  const baseUrl = (options.baseUrl ?? 'https://api.paystack.co').replace(/\/+$/, '');
  const preferredBank = options.preferredBank ?? 'wema-bank';
  const timeoutMs = options.timeoutMs ?? 15_000;
  const fetchImpl = options.fetch ?? fetch;

  /**
   * One call. A 4xx or `status: false` is Paystack saying no (`rejected`, with its message);
   * no answer, a 5xx or 429, unreadable JSON or a shape that does not fit is `unavailable`.
   */
  async function request<T>(
    method: 'GET' | 'POST' | 'DELETE',
    path: string,
    body: unknown,
    schema: z.ZodType<T>,
  ): Promise<Outcome<T>> {
    // The query (an account number, a cursor) stays out of messages that end up in logs.
    const what = `${method} ${(path.split('?')[0] ?? '').split('/').slice(0, 3).join('/')}`;
    const fail = (reason: Failure['reason'], message: string, status?: number): Outcome<T> => ({
      ok: false,
      failure: { reason, message, ...(status === undefined ? {} : { status }) },
    });
    let status: number;
    let text: string;
    try {
      const response = await fetchImpl(`${baseUrl}${path}`, {
        method,
        headers: {
          Authorization: `Bearer ${options.secretKey}`,
          'Content-Type': 'application/json',
          Accept: 'application/json',
        },
        ...(body === undefined ? {} : { body: JSON.stringify(body) }),
        signal: AbortSignal.timeout(timeoutMs),
        redirect: 'error',
      });
      status = response.status;
      text = await response.text();
    } catch (error) {
      return fail('unavailable', `Paystack ${what}: ${describe(error)}`);
    }

    const json = parseJson(text);
    const answer = envelope.safeParse(json);
    if (status >= 500 || status === 429) {
      return fail('unavailable', `Paystack ${what} answered HTTP ${String(status)}`);
    }
    if (status >= 400) {
      const message = answer.success ? answer.data.message : `HTTP ${String(status)}`;
      return fail('rejected', short(message), status);
    }
    if (status < 200 || status >= 300) {
      return fail('unavailable', `Paystack ${what} answered HTTP ${String(status)}`);
    }
    if (!answer.success) return fail('unavailable', `Paystack ${what} gave an unreadable answer`);
    if (!answer.data.status) return fail('rejected', short(answer.data.message), status);
    const data = schema.safeParse(answer.data.data);
    if (!data.success) {
      return fail(
        'unavailable',
        `Paystack ${what} gave an answer that does not fit: ${short(z.prettifyError(data.error))}`,
      );
    }
    return { ok: true, data: data.data, meta: answer.data.meta };
  }

  /** A payments call: any failure is a `PaymentProviderError`. */
  async function call<T>(
    method: 'GET' | 'POST' | 'DELETE',
    path: string,
    body: unknown,
    schema: z.ZodType<T>,
  ): Promise<T> {
    const outcome = await request(method, path, body, schema);
    if (outcome.ok) return outcome.data;
    throw new PaymentProviderError(outcome.failure.reason, outcome.failure.message);
  }

  const payoutError = (failure: Failure) =>
    new PayoutProviderError(failure.reason, failure.message);

  /** Paystack says "not found" with a 404 or with a 400 and a message saying so. */
  const saysNotFound = (failure: Failure) =>
    failure.reason === 'rejected' &&
    (failure.status === 404 || (failure.status === 400 && /not found/i.test(failure.message)));

  const toTransferState = (transfer: z.infer<typeof transferData>): TransferState => {
    const status = payoutStatusMap.get(transfer.status) ?? 'pending';
    return {
      reference: ourTransferReference(transfer.reference),
      status,
      amountMinor: BigInt(transfer.amount),
      providerReference: transfer.transfer_code,
      ...(status === 'failed' || status === 'reversed'
        ? { failureReason: transfer.gateway_response ?? `Paystack reported ${transfer.status}` }
        : {}),
    };
  };

  const fetchTransfer = async (reference: string): Promise<TransferState | undefined> => {
    const theirs = paystackTransferReference(reference);
    const outcome = await request(
      'GET',
      `/transfer/verify/${encodeURIComponent(theirs)}`,
      undefined,
      transferData,
    );
    if (!outcome.ok) {
      if (saysNotFound(outcome.failure)) return undefined;
      throw payoutError(outcome.failure);
    }
    if (outcome.data.reference !== theirs) {
      throw new PayoutProviderError('unavailable', 'Paystack answered for another reference');
    }
    return toTransferState(outcome.data);
  };

  return {
    slug: 'paystack',

    /**
     * Customer identification (POST /customer/{code}/identification) is skipped: for Nigeria it
     * needs the customer's own bank account number and bank code next to the BVN, which this
     * request does not carry, and it answers only later by webhook. The BVN is checked by the
     * identity provider before an account is asked for, and is not sent to Paystack at all.
     * `accountName` is not sent either: Paystack names the account itself from the customer.
     */
    createDedicatedAccount: async (request: DedicatedAccountRequest): Promise<DedicatedAccount> => {
      const phone = `+234${request.phone}`;
      const customer = await call(
        'POST',
        '/customer',
        {
          email: request.email,
          first_name: request.firstName,
          last_name: request.lastName,
          phone,
          metadata: { customer_reference: request.customerReference },
        },
        customerData,
      );
      const account = await call(
        'POST',
        '/dedicated_account',
        {
          customer: customer.customer_code,
          preferred_bank: preferredBank,
          first_name: request.firstName,
          last_name: request.lastName,
          phone,
        },
        dedicatedAccountData,
      );
      if (account.customer.customer_code !== customer.customer_code) {
        throw new PaymentProviderError(
          'unavailable',
          'Paystack assigned the account to another customer',
        );
      }
      if (!account.active) {
        throw new PaymentProviderError('unavailable', 'Paystack assigned an inactive account');
      }
      return {
        accountNumber: account.account_number,
        accountName: account.account_name,
        bankName: account.bank.name,
        // Paystack's own bank id (Wema Bank is 20), the only code its answer documents; it is
        // not the CBN institution code (Wema Bank's is 035).
        bankCode: String(account.bank.id),
        providerReference: String(account.id),
      };
    },

    /** `DELETE /dedicated_account/:id`; one already closed or gone counts as closed. */
    deactivateDedicatedAccount: async (providerReference: string): Promise<void> => {
      if (!/^\d+$/.test(providerReference)) {
        throw new PaymentProviderError('rejected', 'A Paystack dedicated account id is a number');
      }
      const outcome = await request(
        'DELETE',
        `/dedicated_account/${providerReference}`,
        undefined,
        deactivatedAccountData,
      );
      if (outcome.ok || saysNotFound(outcome.failure)) return;
      if (
        outcome.failure.reason === 'rejected' &&
        /inactive|not active|deactivated/i.test(outcome.failure.message)
      ) {
        return;
      }
      throw new PaymentProviderError(outcome.failure.reason, outcome.failure.message);
    },

    initializeCheckout: async (request: CheckoutRequest): Promise<CheckoutSession> => {
      const amount = request.amountMinor;
      if (amount <= 0n || amount > BigInt(Number.MAX_SAFE_INTEGER)) {
        throw new PaymentProviderError('rejected', 'The amount must be a positive number of kobo');
      }
      const session = await call(
        'POST',
        '/transaction/initialize',
        {
          email: request.email,
          amount: Number(amount),
          reference: request.reference,
          callback_url: request.callbackUrl,
          currency: request.currency,
          channels: ['card', 'bank', 'ussd', 'bank_transfer'],
        },
        checkoutData,
      );
      if (session.reference !== request.reference) {
        throw new PaymentProviderError('unavailable', 'Paystack answered for another reference');
      }
      return {
        authorizationUrl: session.authorization_url,
        reference: session.reference,
        providerReference: session.access_code,
      };
    },

    verifyCheckout: async (reference: string): Promise<CheckoutVerification> => {
      const transaction = await call(
        'GET',
        `/transaction/verify/${encodeURIComponent(reference)}`,
        undefined,
        transactionData,
      );
      if (transaction.reference !== reference) {
        throw new PaymentProviderError('unavailable', 'Paystack answered for another reference');
      }
      const isTransfer = transaction.channel === 'dedicated_nuban';
      return {
        reference: transaction.reference,
        kind: isTransfer ? 'transfer' : 'checkout',
        accountNumber: isTransfer
          ? (receivingAccount(transaction.authorization, transaction.metadata) ?? null)
          : null,
        status: statusMap[transaction.status] ?? 'pending',
        amountMinor: BigInt(transaction.amount),
        currency: transaction.currency,
        paidAt: transaction.paid_at ?? null,
        providerTransactionId: String(transaction.id),
      };
    },

    /**
     * All pages of Nigeria's banks (cursor pagination, 100 a page), without the deleted or
     * inactive ones, those that cannot take transfers, and the few whose code is not a 3- to
     * 6-digit number (Paystack's own entries such as "035A" or "MFB50094", which our forms cannot
     * carry); one entry per code, sorted by name.
     */
    listBanks: async (): Promise<Bank[]> => {
      const banks = new Map<string, Bank>();
      let cursor: string | undefined;
      for (let page = 0; page < maxBankPages; page += 1) {
        const query = new URLSearchParams({
          country: 'nigeria',
          perPage: '100',
          use_cursor: 'true',
        });
        if (cursor !== undefined) query.set('next', cursor);
        const outcome = await request('GET', `/bank?${query.toString()}`, undefined, bankData);
        if (!outcome.ok) throw payoutError(outcome.failure);
        for (const bank of outcome.data) {
          if (bank.active === false || bank.is_deleted === true) continue;
          if (bank.supports_transfer === false) continue;
          if (bank.type && bank.type !== 'nuban') continue;
          if (!/^\d{3,6}$/.test(bank.code) || banks.has(bank.code)) continue;
          banks.set(bank.code, { name: bank.name.trim(), code: bank.code, slug: bank.slug });
        }
        const meta = cursorMeta.safeParse(outcome.meta);
        const next = meta.success ? meta.data?.next : undefined;
        if (!next || next === cursor) break;
        cursor = next;
      }
      return [...banks.values()].sort((a, b) =>
        a.name.localeCompare(b.name, 'en', { sensitivity: 'base' }),
      );
    },

    /** Name enquiry; Paystack's "Could not resolve account name" (422, or 400) is `not_found`. */
    resolveAccount: async (enquiry): Promise<ResolvedAccount> => {
      if (!/^\d{10}$/.test(enquiry.accountNumber)) {
        throw new PayoutProviderError('not_found', 'An account number has 10 digits');
      }
      const query = new URLSearchParams({
        account_number: enquiry.accountNumber,
        bank_code: enquiry.bankCode,
      });
      const outcome = await request(
        'GET',
        `/bank/resolve?${query.toString()}`,
        undefined,
        resolvedAccountData,
      );
      if (!outcome.ok) {
        const { failure } = outcome;
        if (
          failure.reason === 'rejected' &&
          (failure.status === 422 || /could not resolve|cannot resolve/i.test(failure.message))
        ) {
          throw new PayoutProviderError('not_found', failure.message);
        }
        throw payoutError(failure);
      }
      if (outcome.data.account_number !== enquiry.accountNumber) {
        throw new PayoutProviderError('unavailable', 'Paystack resolved another account');
      }
      return {
        accountNumber: outcome.data.account_number,
        accountName: outcome.data.account_name.trim(),
        bankCode: enquiry.bankCode,
      };
    },

    /**
     * A transfer recipient for the account (Paystack answers the existing one for a known
     * account), then the transfer with our reference. Paystack refuses a reference it has seen
     * ("Duplicate Transfer Reference"), in words we do not rely on: any refusal of the transfer
     * is checked against Paystack's record of the reference first. A transfer it already has is
     * the answer, never a second one; only a reference it does not know is a refusal.
     */
    createTransfer: async (transfer: TransferRequest): Promise<TransferState> => {
      const amount = transfer.amountMinor;
      if (amount <= 0n || amount > BigInt(Number.MAX_SAFE_INTEGER)) {
        throw new PayoutProviderError('rejected', 'The amount must be a positive number of kobo');
      }
      if (!/^\d{10}$/.test(transfer.accountNumber)) {
        throw new PayoutProviderError('rejected', 'An account number has 10 digits');
      }
      const recipient = await request(
        'POST',
        '/transferrecipient',
        {
          type: 'nuban',
          name: transfer.accountName,
          account_number: transfer.accountNumber,
          bank_code: transfer.bankCode,
          currency: 'NGN',
        },
        recipientData,
      );
      if (!recipient.ok) throw payoutError(recipient.failure);
      const sent = await request(
        'POST',
        '/transfer',
        {
          source: 'balance',
          amount: Number(amount),
          recipient: recipient.data.recipient_code,
          reference: paystackTransferReference(transfer.reference),
          reason: transfer.reason,
          currency: 'NGN',
        },
        transferData,
      );
      if (!sent.ok) {
        const { failure } = sent;
        if (failure.reason === 'rejected') {
          const existing = await fetchTransfer(transfer.reference);
          if (existing) return existing;
          if (/duplicate/i.test(failure.message)) {
            throw new PayoutProviderError(
              'unavailable',
              'Paystack called the reference a duplicate but has no such transfer',
            );
          }
        }
        throw payoutError(failure);
      }
      if (sent.data.reference !== paystackTransferReference(transfer.reference)) {
        throw new PayoutProviderError('unavailable', 'Paystack answered for another reference');
      }
      return toTransferState(sent.data);
    },

    fetchTransfer,

    /** `x-paystack-signature`: hex HMAC-SHA512 of the raw body, keyed with the secret key. */
    verifyWebhookSignature: (rawBody, headers) => {
      const given = headerValue(headers, 'x-paystack-signature');
      if (typeof given !== 'string' || !/^[0-9a-f]{128}$/i.test(given)) return false;
      const expected = createHmac('sha512', options.secretKey).update(rawBody).digest();
      const actual = Buffer.from(given, 'hex');
      return actual.length === expected.length && timingSafeEqual(actual, expected);
    },

    parseWebhook: (rawBody): PaymentEvent => {
      const json = parseJson(rawBody.toString('utf8'));
      if (json === undefined) throw new Error('The Paystack webhook body is not JSON');
      const body = webhookBody.safeParse(json);
      if (!body.success) throw new Error('The Paystack webhook body has no event');
      const payoutStatus = payoutEvents.get(body.data.event);
      if (payoutStatus) {
        const transfer = transferWebhookData.safeParse(body.data.data);
        if (!transfer.success) {
          throw new Error(
            `The Paystack ${body.data.event} body does not fit: ${z.prettifyError(transfer.error)}`,
          );
        }
        return {
          type: 'payout_settled',
          reference: ourTransferReference(transfer.data.reference),
          status: payoutStatus,
          amountMinor: BigInt(transfer.data.amount),
        };
      }
      if (body.data.event !== 'charge.success') return { type: 'ignored', event: body.data.event };

      const charge = chargeSuccessData.safeParse(body.data.data);
      if (!charge.success) {
        throw new Error(
          `The Paystack charge.success body does not fit: ${z.prettifyError(charge.error)}`,
        );
      }
      const data = charge.data;
      const authorization = data.authorization;
      if (authorization?.channel !== 'dedicated_nuban') {
        return {
          type: 'checkout_succeeded',
          reference: data.reference,
          amountMinor: BigInt(data.amount),
          currency: data.currency,
        };
      }

      const accountNumber = receivingAccount(authorization, data.metadata);
      if (accountNumber === undefined) {
        throw new Error('The Paystack transfer names no 10-digit receiving account');
      }
      const paidAt = data.paid_at ?? data.paidAt;
      if (!paidAt) throw new Error('The Paystack transfer has no payment time');
      return {
        type: 'transfer_received',
        reference: data.reference,
        accountNumber,
        amountMinor: BigInt(data.amount),
        currency: data.currency,
        // Money has arrived even when the bank leaves the sender out; record it all the same.
        senderName: authorization.sender_name ?? '',
        senderBank: authorization.sender_bank ?? '',
        paidAt,
      };
    },
  };
}
