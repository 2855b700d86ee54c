import { createHmac, timingSafeEqual } from 'node:crypto';
import { z } from 'zod';
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

/** Every Paystack answer: `{ status, message, data }`; `status: false` is a refusal. */
const envelope = z.object({
  status: z.boolean(),
  message: z.string(),
  data: z.unknown().optional(),
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

const checkoutData = z.object({
  authorization_url: z.url({ protocol: /^https?$/ }),
  access_code: z.string().min(1),
  reference: z.string().min(1),
});

const transactionData = z.object({
  id: z.int(),
  reference: z.string().min(1),
  /** success, failed, abandoned, ongoing, pending, processing, queued, reversed (and any new one). */
  status: z.string().min(1),
  amount: kobo,
  currency: z.string().min(1),
  paid_at: timestamp.nullish(),
});

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
  authorization: z
    .object({
      channel: z.string().nullish(),
      receiver_bank_account_number: z.string().nullish(),
      sender_name: z.string().nullish(),
      sender_bank: z.string().nullish(),
    })
    .nullish(),
});

/** Paystack's metadata is an object, an empty string or null; only the object form helps. */
const receiverMetadata = z.object({ receiver_account_number: z.string() });

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
 * Paystack behind the payments port: dedicated virtual accounts (customer, then account) and
 * the redirect checkout (initialize, then verify by reference).
 */
export function paystackPaymentsProvider(options: PaystackOptions): PaymentsProvider {
  const baseUrl = (options.baseUrl ?? 'https://api.paystack.co').replace(/\/+$/, '');
  const preferredBank = options.preferredBank ?? 'wema-bank';
  const timeoutMs = options.timeoutMs ?? 15_000;
  const fetchImpl = options.fetch ?? fetch;

  /**
   * One call. A 4xx or `status: false` is Paystack saying no (`rejected`, with its message);
   * no answer, a 5xx or 429, unreadable JSON or a shape that does not fit is `unavailable`.
   */
  async function call<T>(
    method: 'GET' | 'POST',
    path: string,
    body: unknown,
    schema: z.ZodType<T>,
  ): Promise<T> {
    const what = `${method} ${path.split('/').slice(0, 3).join('/')}`;
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
      throw new PaymentProviderError('unavailable', `Paystack ${what}: ${describe(error)}`);
    }

    const json = parseJson(text);
    const answer = envelope.safeParse(json);
    if (status >= 500 || status === 429) {
      throw new PaymentProviderError(
        'unavailable',
        `Paystack ${what} answered HTTP ${String(status)}`,
      );
    }
    if (status >= 400) {
      const message = answer.success ? answer.data.message : `HTTP ${String(status)}`;
      throw new PaymentProviderError('rejected', short(message));
    }
    if (status < 200 || status >= 300) {
      throw new PaymentProviderError(
        'unavailable',
        `Paystack ${what} answered HTTP ${String(status)}`,
      );
    }
    if (!answer.success) {
      throw new PaymentProviderError('unavailable', `Paystack ${what} gave an unreadable answer`);
    }
    if (!answer.data.status) throw new PaymentProviderError('rejected', short(answer.data.message));
    const data = schema.safeParse(answer.data.data);
    if (!data.success) {
      throw new PaymentProviderError(
        'unavailable',
        `Paystack ${what} gave an answer that does not fit: ${short(z.prettifyError(data.error))}`,
      );
    }
    return data.data;
  }

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
      return {
        reference: transaction.reference,
        status: statusMap[transaction.status] ?? 'pending',
        amountMinor: BigInt(transaction.amount),
        currency: transaction.currency,
        paidAt: transaction.paid_at ?? null,
        providerTransactionId: String(transaction.id),
      };
    },

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

      const metadata = receiverMetadata.safeParse(data.metadata);
      const accountNumber =
        authorization.receiver_bank_account_number ??
        (metadata.success ? metadata.data.receiver_account_number : undefined);
      if (accountNumber === undefined || !/^\d{10}$/.test(accountNumber)) {
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
