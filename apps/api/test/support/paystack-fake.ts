import { createHmac, randomBytes } from 'node:crypto';
import {
  createServer,
  STATUS_CODES,
  type IncomingHttpHeaders,
  type ServerResponse,
} from 'node:http';
import type { AddressInfo } from 'node:net';
import { nigerianBanks } from '../../src/providers/payouts/banks.ts';
import { buildNuban } from '../../src/providers/virtual-accounts/nuban.ts';

export interface RecordedRequest {
  method: string;
  /** Without the query string. */
  path: string;
  query: Record<string, string>;
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
  /** Paystack's metadata: an object, or '' when none was given. */
  metadata?: unknown;
  /** How it was paid; for a dedicated_nuban transfer, the sender and the receiving account. */
  authorization?: Record<string, unknown>;
}

/** A bank in `GET /bank`, as Paystack lists it. */
export interface FakeBank {
  id: number;
  name: string;
  slug: string;
  code: string;
  longcode: string;
  gateway: string | null;
  pay_with_bank: boolean;
  supports_transfer: boolean;
  active: boolean;
  is_deleted: boolean;
  country: string;
  currency: string;
  type: string;
  createdAt: string;
  updatedAt: string;
}

/** A transfer as `GET /transfer/verify/:reference` answers it. */
export interface FakeTransfer {
  id: number;
  reference: string;
  transfer_code: string;
  /** Kobo. */
  amount: number;
  currency: string;
  source: string;
  reason: string | null;
  /** pending, success, failed, reversed, otp, abandoned, … */
  status: string;
  gateway_response: string | null;
  recipient_code: string;
  createdAt: string;
  updatedAt: string;
  transferred_at: string | null;
}

export interface PaystackFake {
  baseUrl: string;
  close(): Promise<void>;
  /** Every call, in order, including refused ones. */
  requests: RecordedRequest[];
  /** Changes (or creates) the transaction that verify answers for `reference`. */
  setTransaction(reference: string, patch: Partial<Omit<FakeTransaction, 'reference'>>): void;
  /**
   * The next call (to `path`, when given) answers `status`, with Paystack's envelope or the given
   * raw body.
   */
  failNext(status: number, body?: string, path?: string): void;
  /** The next call (to `path`, when given) never gets an answer (until `close`). */
  stallNext(path?: string): void;
  /** A webhook as Paystack would deliver it, signed with the fake's secret key. */
  signedWebhook(payload: object): { body: Buffer; headers: Record<string, string> };
  /** Adds (or replaces, by code) a bank in `GET /bank`. */
  addBank(bank: Partial<FakeBank> & { name: string; code: string }): void;
  /** An account that name enquiry (and recipient creation) finds. */
  addBankAccount(account: { accountNumber: string; bankCode: string; accountName: string }): void;
  /** The Paystack balance transfers are paid from, in kobo (default: plenty). */
  setBalance(kobo: number): void;
  findTransfer(reference: string): FakeTransfer | undefined;
  /** Whether the dedicated account with this id is active (undefined when there is none). */
  dedicatedAccountActive(id: number): boolean | undefined;
  /**
   * Moves a transfer to `status` (success, failed, reversed, or any other) and answers the signed
   * `transfer.<status>` webhook Paystack would send; throws for an unknown reference.
   */
  settleTransfer(
    reference: string,
    status: string,
  ): { body: Buffer; headers: Record<string, string>; payload: object };
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
  /** False once deactivated (`DELETE /dedicated_account/:id`). */
  active: boolean;
}

/** Dedicated-account banks (Paystack's bank id and slug, and the CBN code for the NUBAN). */
const providers: Record<string, { id: number; name: string; slug: string; cbnCode: string }> = {
  'wema-bank': { id: 20, name: 'Wema Bank', slug: 'wema-bank', cbnCode: '035' },
};

interface FakeRecipient {
  id: number;
  recipient_code: string;
  name: string;
  account_number: string;
  account_name: string;
  bank_code: string;
  bank_name: string;
  currency: string;
  createdAt: string;
}

/** Paystack's wording when name enquiry finds nothing. */
const unresolvable = 'Could not resolve account name. Check parameters or try again.';

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
  const banks = new Map<string, FakeBank>();
  const bankAccounts = new Map<string, string>();
  const recipients = new Map<string, FakeRecipient>();
  const transfers = new Map<string, FakeTransfer>();
  let balance = 1_000_000_000_000;
  const planned: ((
    { kind: 'fail'; status: number; body: string | undefined } | { kind: 'stall' }
  ) & { path: string | undefined })[] = [];
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
      active: true,
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
        active: account.active,
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
        metadata: transaction.metadata ?? '',
        fees: transaction.status === 'success' ? 150 : null,
        customer: { email: transaction.email },
        authorization: transaction.authorization ?? {},
      },
    };
  };

  const addBank = (bank: Partial<FakeBank> & { name: string; code: string }) => {
    const slug = bank.name
      .toLowerCase()
      .replace(/[^a-z0-9]+/g, '-')
      .replace(/^-|-$/g, '');
    banks.set(bank.code, {
      id: ++nextId,
      slug,
      longcode: '',
      gateway: null,
      pay_with_bank: false,
      supports_transfer: true,
      active: true,
      is_deleted: false,
      country: 'Nigeria',
      currency: 'NGN',
      type: 'nuban',
      createdAt: now(),
      updatedAt: now(),
      ...bank,
    });
  };
  for (const bank of nigerianBanks) addBank({ ...bank });
  // Entries Paystack really lists that a NUBAN form cannot use, and one no longer live.
  addBank({ name: 'ALAT by WEMA', code: '035A', slug: 'alat-by-wema' });
  addBank({ name: 'Astrapolaris MFB LTD', code: 'MFB50094', slug: 'astrapolaris-mfb' });
  addBank({ name: 'Heritage Bank', code: '030', slug: 'heritage-bank', active: false });

  /**
   * `GET /bank`: sorted by name; with `use_cursor=true`, `perPage` (at most 100) a page and
   * `meta.next` naming the next page; without it, everything at once.
   */
  const listBanks = (query: URLSearchParams) => {
    const country = query.get('country');
    if (country !== null && country.toLowerCase() !== 'nigeria') refuse('Country not supported');
    const all = [...banks.values()].sort((a, b) => a.name.localeCompare(b.name));
    if (query.get('use_cursor') !== 'true') {
      return { message: 'Banks retrieved', data: all };
    }
    const perPage = Math.min(Number(query.get('perPage') ?? '50') || 50, 100);
    const next = query.get('next');
    const start = next === null ? 0 : Number(Buffer.from(next, 'base64').toString('utf8'));
    if (!Number.isInteger(start) || start < 0) refuse('Invalid cursor');
    const page = all.slice(start, start + perPage);
    const more = start + perPage < all.length;
    return {
      message: 'Banks retrieved',
      data: page,
      meta: {
        next: more ? Buffer.from(String(start + perPage)).toString('base64') : null,
        previous: start === 0 ? null : Buffer.from(String(start)).toString('base64'),
        perPage,
      },
    };
  };

  const accountName = (bankCode: string, accountNumber: string) =>
    bankAccounts.get(`${bankCode}:${accountNumber}`);

  /** `GET /bank/resolve?account_number&bank_code`. */
  const resolveAccount = (query: URLSearchParams) => {
    const accountNumber = query.get('account_number');
    const bankCode = query.get('bank_code');
    if (!accountNumber) refuse('Account number is required');
    if (!bankCode) refuse('Bank code is required');
    if (!banks.has(bankCode)) refuse(`Unknown bank code: ${bankCode}`);
    const name = accountName(bankCode, accountNumber);
    if (name === undefined) refuse(unresolvable, 422);
    return {
      message: 'Account number resolved',
      data: { account_number: accountNumber, account_name: name, bank_id: banks.get(bankCode)?.id },
    };
  };

  /** `POST /transferrecipient`: one recipient per account; Paystack resolves the name itself. */
  const createRecipient = (body: Record<string, unknown>) => {
    if (body.type !== 'nuban') refuse('Invalid recipient type');
    const name = body.name;
    if (typeof name !== 'string' || name.trim() === '') refuse('Name is required');
    const accountNumber = body.account_number;
    if (typeof accountNumber !== 'string' || !/^\d{10}$/.test(accountNumber)) {
      refuse('Account number is invalid');
    }
    const bankCode = body.bank_code;
    if (typeof bankCode !== 'string' || bankCode === '') refuse('Bank code is required');
    const bank = banks.get(bankCode);
    if (!bank) refuse(`Unknown bank code: ${bankCode}`);
    if ((body.currency ?? 'NGN') !== 'NGN') refuse('Currency not supported');
    const resolved = accountName(bankCode, accountNumber);
    if (resolved === undefined) refuse('Cannot resolve account');
    const existing = [...recipients.values()].find(
      (recipient) => recipient.bank_code === bankCode && recipient.account_number === accountNumber,
    );
    const recipient: FakeRecipient = existing ?? {
      id: ++nextId,
      recipient_code: `RCP_${randomBytes(8).toString('hex')}`,
      name,
      account_number: accountNumber,
      account_name: resolved,
      bank_code: bankCode,
      bank_name: bank.name,
      currency: 'NGN',
      createdAt: now(),
    };
    recipients.set(recipient.recipient_code, recipient);
    return {
      message: 'Transfer recipient created successfully',
      data: {
        active: true,
        createdAt: recipient.createdAt,
        currency: recipient.currency,
        domain: 'test',
        id: recipient.id,
        integration: 100032,
        name: recipient.name,
        recipient_code: recipient.recipient_code,
        type: 'nuban',
        updatedAt: now(),
        is_deleted: false,
        details: {
          authorization_code: null,
          account_number: recipient.account_number,
          account_name: recipient.account_name,
          bank_code: recipient.bank_code,
          bank_name: recipient.bank_name,
        },
      },
    };
  };

  const transferBody = (transfer: FakeTransfer) => {
    const recipient = recipients.get(transfer.recipient_code);
    return {
      amount: transfer.amount,
      createdAt: transfer.createdAt,
      currency: transfer.currency,
      domain: 'test',
      failures: null,
      id: transfer.id,
      integration: 100032,
      reason: transfer.reason,
      reference: transfer.reference,
      source: transfer.source,
      source_details: null,
      status: transfer.status,
      titan_code: null,
      transfer_code: transfer.transfer_code,
      transferred_at: transfer.transferred_at,
      updatedAt: transfer.updatedAt,
      gateway_response: transfer.gateway_response,
      recipient: {
        active: true,
        currency: 'NGN',
        domain: 'test',
        id: recipient?.id ?? 0,
        name: recipient?.name ?? '',
        recipient_code: transfer.recipient_code,
        type: 'nuban',
        details: {
          account_number: recipient?.account_number ?? '',
          account_name: recipient?.account_name ?? '',
          bank_code: recipient?.bank_code ?? '',
          bank_name: recipient?.bank_name ?? '',
        },
      },
      session: { provider: null, id: null },
    };
  };

  /** `POST /transfer`: OTP off, so it is queued at once as `pending`. */
  const initiateTransfer = (body: Record<string, unknown>) => {
    if (body.source !== 'balance') refuse('Invalid transfer source');
    const amount = koboAmount(body.amount);
    const code = body.recipient;
    if (typeof code !== 'string' || code === '') refuse('Recipient is required');
    const recipient = recipients.get(code);
    if (!recipient) refuse('Recipient specified is invalid');
    const reference = optionalString(body, 'reference') ?? randomBytes(10).toString('hex');
    // Paystack: "a unique identifier (in lowercase) … Only -,_ and alphanumeric characters".
    if (!/^[a-z0-9_-]{1,100}$/.test(reference)) {
      refuse('Invalid transfer reference: lowercase, with only -, _ and alphanumeric characters');
    }
    if (transfers.has(reference)) refuse('Duplicate Transfer Reference');
    if ((body.currency ?? 'NGN') !== 'NGN') refuse('Currency not supported');
    if (amount > balance) refuse('Your balance is not enough to fulfil this request');
    balance -= amount;
    const transfer: FakeTransfer = {
      id: ++nextId,
      reference,
      transfer_code: `TRF_${randomBytes(8).toString('hex')}`,
      amount,
      currency: 'NGN',
      source: 'balance',
      reason: optionalString(body, 'reason'),
      status: 'pending',
      gateway_response: null,
      recipient_code: recipient.recipient_code,
      createdAt: now(),
      updatedAt: now(),
      transferred_at: null,
    };
    transfers.set(reference, transfer);
    // The initiate answer names the recipient by its id; verify answers the whole recipient.
    return {
      message: 'Transfer has been queued',
      data: { ...transferBody(transfer), recipient: recipient.id },
    };
  };

  /** Paystack answers the account, now inactive ("unassigned"); an unknown id is a 404. */
  const deactivateDedicatedAccount = (id: number) => {
    const account = [...accounts.values()].find((found) => found.id === id);
    if (!account) refuse('Dedicated account not found', 404);
    account.active = false;
    return {
      message: 'Managed Account Successfully Unassigned',
      data: {
        bank: account.bank,
        account_name: account.account_name,
        account_number: account.account_number,
        assigned: false,
        currency: 'NGN',
        active: false,
        id: account.id,
        created_at: account.created_at,
        updated_at: now(),
      },
    };
  };

  const verifyTransfer = (reference: string) => {
    const transfer = transfers.get(reference);
    if (!transfer) refuse('Transfer not found', 404);
    return { message: 'Transfer retrieved', data: transferBody(transfer) };
  };

  const route = (method: string, path: string, query: URLSearchParams, body: unknown) => {
    const verify = /^\/transaction\/verify\/([^/]+)$/.exec(path);
    if (method === 'GET' && verify?.[1] !== undefined) {
      return verifyTransaction(decodeURIComponent(verify[1]));
    }
    const verifyPayout = /^\/transfer\/verify\/([^/]+)$/.exec(path);
    if (method === 'GET' && verifyPayout?.[1] !== undefined) {
      return verifyTransfer(decodeURIComponent(verifyPayout[1]));
    }
    const deactivate = /^\/dedicated_account\/(\d+)$/.exec(path);
    if (method === 'DELETE' && deactivate?.[1] !== undefined) {
      return deactivateDedicatedAccount(Number(deactivate[1]));
    }
    if (method === 'GET' && path === '/bank') return listBanks(query);
    if (method === 'GET' && path === '/bank/resolve') return resolveAccount(query);
    if (method !== 'POST') refuse('Route not found', 404);
    if (!isRecord(body)) refuse('Request body must be a JSON object');
    if (path === '/customer') return createCustomer(body);
    if (path === '/dedicated_account') return createDedicatedAccount(body);
    if (path === '/transaction/initialize') return initializeTransaction(body);
    if (path === '/transferrecipient') return createRecipient(body);
    if (path === '/transfer') return initiateTransfer(body);
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
      const url = new URL(request.url ?? '/', 'http://paystack.test');
      const path = url.pathname;
      requests.push({
        method: request.method ?? '',
        path,
        query: Object.fromEntries(url.searchParams),
        headers: request.headers,
        body,
      });

      const planIndex = planned.findIndex((plan) => plan.path === undefined || plan.path === path);
      const plan = planIndex === -1 ? undefined : planned.splice(planIndex, 1)[0];
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
        send(response, 200, {
          status: true,
          ...route(request.method ?? '', path, url.searchParams, body),
        });
      } catch (error) {
        if (!(error instanceof Refusal)) throw error;
        send(response, error.status, { status: false, message: error.message });
      }
    });
  });

  const signedWebhook = (payload: object) => {
    const body = Buffer.from(JSON.stringify(payload));
    const signature = createHmac('sha512', options.secretKey).update(body).digest('hex');
    return {
      body,
      headers: { 'content-type': 'application/json', 'x-paystack-signature': signature },
    };
  };

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
    failNext: (status, body, path) => {
      planned.push({ kind: 'fail', status, body, path });
    },
    stallNext: (path) => {
      planned.push({ kind: 'stall', path });
    },
    signedWebhook,
    addBank,
    addBankAccount: (account) => {
      bankAccounts.set(`${account.bankCode}:${account.accountNumber}`, account.accountName);
    },
    setBalance: (kobo) => {
      balance = kobo;
    },
    findTransfer: (reference) => transfers.get(reference.toLowerCase()),
    dedicatedAccountActive: (id) =>
      [...accounts.values()].find((account) => account.id === id)?.active,
    settleTransfer: (reference, status) => {
      const transfer = transfers.get(reference.toLowerCase());
      if (!transfer) throw new Error(`no transfer ${reference}`);
      transfer.status = status;
      transfer.updatedAt = now();
      if (status === 'success') transfer.transferred_at = now();
      if (status === 'failed' || status === 'reversed') {
        transfer.gateway_response =
          status === 'failed' ? 'Beneficiary bank unavailable' : 'Transfer reversed by bank';
        balance += transfer.amount;
      }
      const payload = { event: `transfer.${status}`, data: transferBody(transfer) };
      return { ...signedWebhook(payload), payload };
    },
  };
}
