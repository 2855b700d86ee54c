import { createHmac, randomBytes } from 'node:crypto';
import {
  createServer,
  STATUS_CODES,
  type IncomingHttpHeaders,
  type ServerResponse,
} from 'node:http';
import type { AddressInfo } from 'node:net';
import { buildNuban } from '../../src/providers/virtual-accounts/nuban.ts';

export interface RecordedRequest {
  method: string;
  path: string;
  headers: IncomingHttpHeaders;
  /** The parsed JSON body, or the raw text when it was not JSON, or undefined when empty. */
  body: unknown;
}

export interface FakeTransaction {
  id: number;
  reference: string;
  /** Kobo. A number, as Paystack sends it; tests may set a fraction to see it refused. */
  amount: number;
  currency: string;
  status: string;
  email: string;
  paid_at: string | null;
  created_at: string;
  channel: string;
  gateway_response: string;
}

export interface PaystackFake {
  baseUrl: string;
  close(): Promise<void>;
  /** Every call, in order, including refused ones. */
  requests: RecordedRequest[];
  /** Changes (or creates) the transaction that verify answers for `reference`. */
  setTransaction(reference: string, patch: Partial<Omit<FakeTransaction, 'reference'>>): void;
  /** The next call answers `status`, with Paystack's envelope or the given raw body. */
  failNext(status: number, body?: string): void;
  /** The next call never gets an answer (until `close`), as when the vendor hangs. */
  stallNext(): void;
  /** A webhook as Paystack would deliver it, signed with the fake's secret key. */
  signedWebhook(payload: object): { body: Buffer; headers: Record<string, string> };
}

interface FakeCustomer {
  id: number;
  customer_code: string;
  email: string;
  first_name: string | null;
  last_name: string | null;
  phone: string | null;
  metadata: Record<string, unknown> | null;
  createdAt: string;
  updatedAt: string;
}

interface FakeDedicatedAccount {
  id: number;
  account_number: string;
  account_name: string;
  bank: { id: number; name: string; slug: string };
  customer_code: string;
  created_at: string;
}

/** Dedicated-account banks (Paystack's bank id and slug, and the CBN code for the NUBAN). */
const providers: Record<string, { id: number; name: string; slug: string; cbnCode: string }> = {
  'wema-bank': { id: 20, name: 'Wema Bank', slug: 'wema-bank', cbnCode: '035' },
};

const channels = new Set(['card', 'bank', 'ussd', 'qr', 'mobile_money', 'bank_transfer', 'eft']);
const emailPattern = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

class Refusal extends Error {
  readonly status: number;
  constructor(status: number, message: string) {
    super(message);
    this.status = status;
  }
}

function refuse(message: string, status = 400): never {
  throw new Refusal(status, message);
}

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

function optionalString(body: Record<string, unknown>, field: string): string | null {
  const value = body[field];
  if (value === undefined || value === null) return null;
  if (typeof value !== 'string') refuse(`${field} must be a string`);
  return value;
}

/** Paystack takes a whole number of kobo, as a number or a string of digits. */
function koboAmount(value: unknown): number {
  if (typeof value === 'number' && Number.isSafeInteger(value) && value > 0) return value;
  if (typeof value === 'string' && /^[1-9]\d{0,15}$/.test(value)) return Number(value);
  refuse('Invalid Amount Sent');
}

function send(response: ServerResponse, status: number, body: unknown): void {
  const text = JSON.stringify(body);
  response.writeHead(status, {
    'Content-Type': 'application/json; charset=utf-8',
    'Content-Length': Buffer.byteLength(text),
  });
  response.end(text);
}

/**
 * A local stand-in for api.paystack.co: checks the bearer key, validates bodies the way Paystack
 * does (400 `{ status: false, message }`), keeps customers, dedicated accounts and transactions,
 * and answers in Paystack's `{ status, message, data }` envelope.
 */
export async function startPaystackFake(options: { secretKey: string }): Promise<PaystackFake> {
  const requests: RecordedRequest[] = [];
  const customers = new Map<string, FakeCustomer>();
  const accounts = new Map<string, FakeDedicatedAccount>();
  const transactions = new Map<string, FakeTransaction>();
  const planned: (
    { kind: 'fail'; status: number; body: string | undefined } | { kind: 'stall' }
  )[] = [];
  let nextId = 1000;
  let nextSerial = 1;
  const now = () => new Date().toISOString();

  const newTransaction = (reference: string, email: string, amount: number): FakeTransaction => ({
    id: ++nextId,
    reference,
    amount,
    currency: 'NGN',
    // An initialized transaction that nobody has paid yet verifies as abandoned.
    status: 'abandoned',
    email,
    paid_at: null,
    created_at: now(),
    channel: 'card',
    gateway_response: 'The transaction was not completed',
  });

  const createCustomer = (body: Record<string, unknown>) => {
    const email = body.email;
    if (typeof email !== 'string' || email === '') refuse('Email is required');
    if (!emailPattern.test(email)) refuse('Invalid Email Address Passed');
    const first_name = optionalString(body, 'first_name');
    const last_name = optionalString(body, 'last_name');
    const phone = optionalString(body, 'phone');
    const metadata = body.metadata ?? null;
    if (metadata !== null && !isRecord(metadata)) refuse('metadata must be an object');
    // Creating a customer whose email is known updates and answers the existing record.
    const existing = [...customers.values()].find((customer) => customer.email === email);
    const customer: FakeCustomer = existing ?? {
      id: ++nextId,
      customer_code: `CUS_${randomBytes(8).toString('hex')}`,
      email,
      first_name: null,
      last_name: null,
      phone: null,
      metadata: null,
      createdAt: now(),
      updatedAt: now(),
    };
    customer.first_name = first_name ?? customer.first_name;
    customer.last_name = last_name ?? customer.last_name;
    customer.phone = phone ?? customer.phone;
    customer.metadata = metadata ?? customer.metadata;
    customer.updatedAt = now();
    customers.set(customer.customer_code, customer);
    return {
      message: 'Customer created',
      data: {
        ...customer,
        integration: 100032,
        domain: 'test',
        identified: false,
        identifications: null,
      },
    };
  };

  const createDedicatedAccount = (body: Record<string, unknown>) => {
    const code = body.customer;
    if (typeof code !== 'string' || code === '') refuse('Customer is required');
    const customer = customers.get(code);
    if (!customer) refuse('Customer not found', 404);
    const slug = body.preferred_bank;
    if (typeof slug !== 'string') refuse('Preferred bank is required');
    const bank = providers[slug];
    if (!bank) refuse('Preferred bank is not a valid dedicated account provider');
    customer.first_name = optionalString(body, 'first_name') ?? customer.first_name;
    customer.last_name = optionalString(body, 'last_name') ?? customer.last_name;
    customer.phone = optionalString(body, 'phone') ?? customer.phone;
    if (!customer.first_name || !customer.last_name || !customer.phone) {
      refuse('Customer first name, last name and phone are required');
    }
    if (!/^\+?\d{10,14}$/.test(customer.phone)) refuse('Invalid phone number');
    const key = `${customer.customer_code}:${bank.slug}`;
    const account: FakeDedicatedAccount = accounts.get(key) ?? {
      id: ++nextId,
      account_number: buildNuban(bank.cbnCode, `99300${String(nextSerial++).padStart(4, '0')}`),
      account_name: `AJO/${customer.first_name} ${customer.last_name}`.toUpperCase(),
      bank: { id: bank.id, name: bank.name, slug: bank.slug },
      customer_code: customer.customer_code,
      created_at: now(),
    };
    accounts.set(key, account);
    return {
      message: 'NUBAN successfully created',
      data: {
        bank: account.bank,
        account_name: account.account_name,
        account_number: account.account_number,
        assigned: true,
        currency: 'NGN',
        metadata: null,
        active: true,
        id: account.id,
        created_at: account.created_at,
        updated_at: now(),
        assignment: {
          integration: 100032,
          assignee_id: customer.id,
          assignee_type: 'Customer',
          expired: false,
          account_type: 'PAY-WITH-TRANSFER-RECURRING',
          assigned_at: now(),
        },
        customer: {
          id: customer.id,
          first_name: customer.first_name,
          last_name: customer.last_name,
          email: customer.email,
          customer_code: customer.customer_code,
          phone: customer.phone,
          risk_action: 'default',
        },
      },
    };
  };

  const initializeTransaction = (body: Record<string, unknown>) => {
    const email = body.email;
    if (typeof email !== 'string' || !emailPattern.test(email)) {
      refuse('Invalid Email Address Passed');
    }
    const amount = koboAmount(body.amount);
    const currency = body.currency ?? 'NGN';
    if (currency !== 'NGN') refuse('Currency not supported by merchant');
    const reference = optionalString(body, 'reference') ?? randomBytes(10).toString('hex');
    if (!/^[A-Za-z0-9.=_-]+$/.test(reference)) {
      refuse('Invalid transaction reference: only -, ., = and alphanumeric characters allowed');
    }
    if (transactions.has(reference)) refuse('Duplicate Transaction Reference');
    const callbackUrl = optionalString(body, 'callback_url');
    if (callbackUrl !== null && !URL.canParse(callbackUrl)) refuse('Invalid callback_url');
    const requested = body.channels;
    if (requested !== undefined) {
      if (!Array.isArray(requested) || requested.some((c) => !channels.has(String(c)))) {
        refuse('Invalid channels');
      }
    }
    transactions.set(reference, newTransaction(reference, email, amount));
    const accessCode = randomBytes(7).toString('hex');
    return {
      message: 'Authorization URL created',
      data: {
        authorization_url: `https://checkout.paystack.com/${accessCode}`,
        access_code: accessCode,
        reference,
      },
    };
  };

  const verifyTransaction = (reference: string) => {
    const transaction = transactions.get(reference);
    if (!transaction) refuse('Transaction reference not found');
    return {
      message: 'Verification successful',
      data: {
        ...transaction,
        domain: 'test',
        message: null,
        metadata: '',
        fees: transaction.status === 'success' ? 150 : null,
        customer: { email: transaction.email },
        authorization: {},
      },
    };
  };

  const route = (method: string, path: string, body: unknown) => {
    const verify = /^\/transaction\/verify\/([^/]+)$/.exec(path);
    if (method === 'GET' && verify?.[1] !== undefined) {
      return verifyTransaction(decodeURIComponent(verify[1]));
    }
    if (method !== 'POST') refuse('Route not found', 404);
    if (!isRecord(body)) refuse('Request body must be a JSON object');
    if (path === '/customer') return createCustomer(body);
    if (path === '/dedicated_account') return createDedicatedAccount(body);
    if (path === '/transaction/initialize') return initializeTransaction(body);
    return refuse('Route not found', 404);
  };

  const server = createServer((request, response) => {
    const chunks: Buffer[] = [];
    request.on('data', (chunk: Buffer) => chunks.push(chunk));
    request.on('end', () => {
      const text = Buffer.concat(chunks).toString('utf8');
      let body: unknown = undefined;
      let unreadable = false;
      if (text !== '') {
        try {
          body = JSON.parse(text) as unknown;
        } catch {
          body = text;
          unreadable = true;
        }
      }
      const path = (request.url ?? '/').split('?')[0] ?? '/';
      requests.push({ method: request.method ?? '', path, headers: request.headers, body });

      const plan = planned.shift();
      if (plan?.kind === 'stall') return;
      if (plan?.kind === 'fail') {
        if (plan.body === undefined) {
          send(response, plan.status, {
            status: false,
            message: STATUS_CODES[plan.status] ?? 'Error',
          });
        } else {
          response.writeHead(plan.status, { 'Content-Type': 'application/json' });
          response.end(plan.body);
        }
        return;
      }

      if (request.headers.authorization !== `Bearer ${options.secretKey}`) {
        send(response, 401, { status: false, message: 'Invalid key' });
        return;
      }
      try {
        if (unreadable) refuse('Invalid JSON body');
        send(response, 200, { status: true, ...route(request.method ?? '', path, body) });
      } catch (error) {
        if (!(error instanceof Refusal)) throw error;
        send(response, error.status, { status: false, message: error.message });
      }
    });
  });

  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;

  return {
    baseUrl: `http://127.0.0.1:${String(port)}`,
    requests,
    close: async () => {
      server.closeAllConnections();
      await new Promise<void>((resolve, reject) => {
        server.close((error) => {
          if (error) reject(error);
          else resolve();
        });
      });
    },
    setTransaction: (reference, patch) => {
      const transaction = transactions.get(reference) ?? newTransaction(reference, 'x@ajo.test', 0);
      transactions.set(reference, { ...transaction, ...patch, reference });
    },
    failNext: (status, body) => {
      planned.push({ kind: 'fail', status, body });
    },
    stallNext: () => {
      planned.push({ kind: 'stall' });
    },
    signedWebhook: (payload) => {
      const body = Buffer.from(JSON.stringify(payload));
      const signature = createHmac('sha512', options.secretKey).update(body).digest('hex');
      return {
        body,
        headers: { 'content-type': 'application/json', 'x-paystack-signature': signature },
      };
    },
  };
}
