import { formatMinorAsDecimal } from '@ajo/money/format';
import { z } from 'zod';
import {
  CardIssuerError,
  type BillingAddress,
  type CardIssuer,
  type IssuedCard,
} from './cards.port.ts';
import { readSudoEvent, sudoAnswer, verifyWebhookToken } from './sudo-events.ts';

export interface SudoOptions {
  apiKey: string;
  /** https://api.sudo.africa (live) or https://api.sandbox.sudo.cards. */
  baseUrl: string;
  /** https://vault.sudo.cards (live): where the client fetches the number and CVV. */
  vaultUrl: string;
  /** Our settlement account at Sudo: pays card fundings, receives withdrawals. */
  debitAccountId: string;
  /** A gateway funding source, so Sudo asks us to approve each authorisation in real time. */
  fundingSourceId: string;
  /** The Authorization token set on the webhook in Sudo's dashboard. */
  webhookToken: string;
  /** The billing address merchants ask for (the issuer's US address for USD cards). */
  billingAddress?: BillingAddress;
  timeoutMs?: number;
  fetch?: typeof fetch;
}

/** Sudo's answers: `{ statusCode, message, data }`. */
const answer = z.object({
  statusCode: z.number(),
  message: z.string().nullish(),
  data: z.unknown(),
});

const customer = z.object({ _id: z.string().min(1) });

const card = z.object({
  _id: z.string().min(1),
  maskedPan: z.string().regex(/\d{4}$/),
  expiryMonth: z
    .union([z.string(), z.number()])
    .transform((value) => String(value).padStart(2, '0')),
  expiryYear: z.union([z.string(), z.number()]).transform((value) => {
    const year = String(value);
    return year.length === 2 ? `20${year}` : year;
  }),
  brand: z.string().nullish(),
  account: z.union([z.string(), z.object({ _id: z.string() })]).nullish(),
});

const token = z.object({ token: z.string().min(1) });

/** The issuer's US billing address, as USD virtual cards use. */
const defaultBillingAddress: BillingAddress = {
  line1: '1 World Trade Center, Suite 8500',
  city: 'New York',
  state: 'NY',
  postalCode: '10007',
  country: 'US',
};

/** Sudo's card tokens last a few minutes; we tell the client to hide the details after one. */
const SECRETS_SHOWN_MS = 60_000;

/** The real issuer: Sudo Africa's API, Bearer-authenticated, amounts in dollars. */
export function sudoCardIssuer(options: SudoOptions): CardIssuer {
  const fetcher = options.fetch ?? fetch;
  const timeoutMs = options.timeoutMs ?? 10_000;
  const base = options.baseUrl.replace(/\/+$/, '');

  async function call(method: string, path: string, body?: unknown): Promise<unknown> {
    let response: Response;
    let text: string;
    try {
      response = await fetcher(`${base}${path}`, {
        method,
        headers: {
          authorization: `Bearer ${options.apiKey}`,
          accept: 'application/json',
          'content-type': 'application/json',
        },
        body: body === undefined ? undefined : JSON.stringify(body),
        signal: AbortSignal.timeout(timeoutMs),
      });
      text = await response.text();
    } catch {
      throw new CardIssuerError('unavailable', `Sudo did not answer ${method} ${path}`);
    }
    if (response.status >= 500 || response.status === 429) {
      throw new CardIssuerError('unavailable', `Sudo answered ${String(response.status)}`);
    }
    let parsed: z.infer<typeof answer>;
    try {
      parsed = answer.parse(JSON.parse(text));
    } catch {
      throw new CardIssuerError('unavailable', `Sudo's answer to ${path} was unreadable`);
    }
    if (response.status >= 400 || parsed.statusCode >= 400) {
      throw new CardIssuerError('rejected', parsed.message ?? `Sudo refused ${path}`);
    }
    return parsed.data;
  }

  function read<T>(schema: z.ZodType<T>, data: unknown, what: string): T {
    const result = schema.safeParse(data);
    if (!result.success) throw new CardIssuerError('unavailable', `Sudo's ${what} was unreadable`);
    return result.data;
  }

  async function cardAccountId(issuerCardId: string): Promise<string> {
    const found = read(card, await call('GET', `/cards/${issuerCardId}`), 'card');
    const account = found.account;
    if (!account) throw new CardIssuerError('unavailable', 'Sudo’s card has no account');
    return typeof account === 'string' ? account : account._id;
  }

  async function transfer(from: string, to: string, amountMinor: bigint, reference: string) {
    await call('POST', '/accounts/transfer', {
      debitAccountId: from,
      creditAccountId: to,
      amount: Number(formatMinorAsDecimal(amountMinor)),
      narration: 'Card funding',
      paymentReference: reference,
    });
  }

  return {
    slug: 'sudo',
    createCard: async ({ reference, cardholder, issuerCardholderId }) => {
      const address = options.billingAddress ?? defaultBillingAddress;
      const cardholderId =
        issuerCardholderId ??
        read(
          customer,
          await call('POST', '/customers', {
            type: 'individual',
            name: `${cardholder.firstName} ${cardholder.lastName}`,
            status: 'active',
            emailAddress: cardholder.email,
            phoneNumber: cardholder.phone,
            individual: {
              firstName: cardholder.firstName,
              lastName: cardholder.lastName,
              // Sudo's KYC of an individual: the date as YYYY/MM/DD and the verified BVN.
              ...(cardholder.identity
                ? {
                    dob: cardholder.identity.dateOfBirth.replaceAll('-', '/'),
                    identity: { type: 'BVN', number: cardholder.identity.bvn },
                  }
                : {}),
            },
            billingAddress: address,
            metadata: { userId: cardholder.userId },
          }),
          'customer',
        )._id;
      const created = read(
        card,
        await call('POST', '/cards', {
          customerId: cardholderId,
          fundingSourceId: options.fundingSourceId,
          debitAccountId: options.debitAccountId,
          type: 'virtual',
          brand: 'Visa',
          currency: 'USD',
          issuerCountry: 'USA',
          status: 'active',
          amount: 0,
          metadata: { reference },
        }),
        'card',
      );
      const issued: IssuedCard = {
        issuerCardId: created._id,
        issuerCardholderId: cardholderId,
        brand: created.brand?.toLowerCase() === 'mastercard' ? 'Mastercard' : 'Visa',
        last4: created.maskedPan.slice(-4),
        expiryMonth: created.expiryMonth,
        expiryYear: created.expiryYear,
        nameOnCard: `${cardholder.firstName} ${cardholder.lastName}`.toUpperCase(),
        billingAddress: address,
      };
      return issued;
    },
    fund: async ({ issuerCardId, amountMinor, reference }) => {
      const account = await cardAccountId(issuerCardId);
      await transfer(options.debitAccountId, account, amountMinor, reference);
    },
    withdraw: async ({ issuerCardId, amountMinor, reference }) => {
      const account = await cardAccountId(issuerCardId);
      await transfer(account, options.debitAccountId, amountMinor, reference);
    },
    setStatus: async (issuerCardId, status) => {
      const sudoStatus = { active: 'active', frozen: 'inactive', terminated: 'canceled' }[status];
      await call('PUT', `/cards/${issuerCardId}`, { status: sudoStatus });
    },
    secretsToken: async (issuerCardId) => {
      const found = read(token, await call('GET', `/cards/${issuerCardId}/token`), 'card token');
      const vault = `${options.vaultUrl.replace(/\/+$/, '')}/cards/${issuerCardId}/secure-data`;
      return {
        token: found.token,
        numberUrl: `${vault}/number`,
        cvvUrl: `${vault}/cvv2`,
        expiresAt: new Date(Date.now() + SECRETS_SHOWN_MS),
      };
    },
    readWebhook: (headers, body) => {
      verifyWebhookToken(headers, options.webhookToken);
      return readSudoEvent(body);
    },
    answer: sudoAnswer,
  };
}
