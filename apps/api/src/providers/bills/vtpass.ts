import { z } from 'zod';
import { formatMinorAsDecimal } from '@ajo/money/format';
import { parseAmount } from '@ajo/money/parse';
import {
  BillsProviderError,
  type BillCustomer,
  type BillPlanOffer,
  type BillState,
  type BillStatus,
  type BillsProvider,
} from './bills.port.ts';

export interface VtpassOptions {
  apiKey: string;
  /** Signs POST calls (`secret-key`). */
  secretKey: string;
  /** Signs GET calls (`public-key`). */
  publicKey: string;
  /** Defaults to https://vtpass.com/api; https://sandbox.vtpass.com/api for their sandbox. */
  baseUrl?: string;
  /** Per call, covering the answer's body as well as its headers. */
  timeoutMs?: number;
  fetch?: typeof fetch;
}

/** Amounts arrive as numbers or decimal text in naira; read exactly, never through a float sum. */
const nairaAmount = z.union([z.number(), z.string()]).transform((value, context) => {
  try {
    return parseAmount(value);
  } catch {
    context.addIssue({ code: 'custom', message: 'not an amount' });
    return z.NEVER;
  }
});

const text = z.union([z.string(), z.number()]).transform(String);

/** `POST /pay` and `POST /requery`: the purchase with its inner status. */
const purchaseAnswer = z.object({
  code: z.string(),
  response_description: z.string().nullish(),
  requestId: z.string().nullish(),
  content: z
    .object({
      transactions: z
        .object({ status: z.string().nullish(), transactionId: text.nullish() })
        .nullish(),
      error: z.string().nullish(),
    })
    .nullish(),
  purchased_code: z.string().nullish(),
  token: text.nullish(),
  mainToken: text.nullish(),
  units: text.nullish(),
  mainTokenUnits: text.nullish(),
});

type PurchaseAnswer = z.infer<typeof purchaseAnswer>;

const verifyAnswer = z.object({
  code: z.string(),
  content: z
    .object({
      Customer_Name: z.string().nullish(),
      Address: z.string().nullish(),
      WrongBillersCode: z.boolean().nullish(),
      error: z.string().nullish(),
    })
    .nullish(),
});

const variation = z.object({
  variation_code: z.string().min(1),
  name: z.string().min(1),
  variation_amount: nairaAmount,
});

/** VTpass spells the list `varations` in some answers and `variations` in others. */
const variationsAnswer = z.object({
  response_description: z.string().nullish(),
  content: z
    .object({ variations: z.array(variation).nullish(), varations: z.array(variation).nullish() })
    .nullish(),
});

/** Inner statuses of a `000` answer; `initiated`, `pending` and any new one are still pending. */
const statusMap = new Map<string, BillStatus>([
  ['delivered', 'delivered'],
  ['successful', 'delivered'],
  ['failed', 'failed'],
  ['reversed', 'reversed'],
]);

/**
 * Codes that are a final no to a purchase: nothing was bought, the money goes back. `016`
 * (transaction failed) is a purchase that failed; these refuse the request itself, as VTpass's
 * "Response Codes" page lists them: a variation code or product that does not exist, invalid
 * arguments, an amount below the minimum or above the maximum, our float at the vendor too low,
 * a likely duplicate within 30 s, our account locked, suspended, without API access or
 * inactive, the biller unreachable, and `091` (not processed, not charged). VTpass asks that any
 * other answer be taken as pending and requeried, and so it is.
 */
const refusedCodes = new Set([
  '010',
  '011',
  '012',
  '013',
  '017',
  '018',
  '019',
  '021',
  '022',
  '023',
  '024',
  '030',
  '091',
]);
/** The request id is already in use (a retry): look it up instead. */
const requestIdReused = '014';
/** Requery of a request id the vendor never received. */
const unknownRequestId = '015';

const short = (message: string) => message.slice(0, 200);

/** `Token : 1234-5678-…` in `purchased_code`, or the dedicated token fields of newer answers. */
function tokenOf(answer: PurchaseAnswer): string | null {
  const raw = answer.mainToken ?? answer.token ?? answer.purchased_code ?? '';
  const cleaned = raw.replace(/^\s*token\s*:?\s*/i, '').trim();
  return cleaned === '' ? null : cleaned;
}

function unitsOf(answer: PurchaseAnswer): string | null {
  const raw = (answer.mainTokenUnits ?? answer.units ?? '').trim();
  if (raw === '') return null;
  return /^\d+(\.\d+)?$/.test(raw) ? `${raw} kWh` : raw;
}

/**
 * VTpass (https://www.vtpass.com/documentation): airtime, data, electricity and betting through
 * one `POST /pay`, with our `request_id` as its idempotency key, `POST /requery` by that id,
 * `POST /merchant-verify` for meters and accounts and `GET /service-variations` for plans. POST
 * calls carry `api-key` and `secret-key`, GET calls `api-key` and `public-key`.
 */
export function vtpassBillsProvider(options: VtpassOptions): BillsProvider {
  const baseUrl = (options.baseUrl ?? 'https://vtpass.com/api').replace(/\/+$/, '');
  const timeoutMs = options.timeoutMs ?? 30_000;
  const fetchImpl = options.fetch ?? fetch;

  /** One call; no answer, a 5xx or 429, or unreadable JSON throws `unavailable`. */
  async function call(method: 'GET' | 'POST', path: string, body?: unknown): Promise<unknown> {
    const what = `VTpass ${method} ${path.split('?')[0] ?? ''}`;
    let response: Response;
    let answer: string;
    try {
      response = await fetchImpl(`${baseUrl}${path}`, {
        method,
        headers: {
          'api-key': options.apiKey,
          ...(method === 'POST'
            ? { 'secret-key': options.secretKey, 'Content-Type': 'application/json' }
            : { 'public-key': options.publicKey }),
          Accept: 'application/json',
        },
        ...(body === undefined ? {} : { body: JSON.stringify(body) }),
        signal: AbortSignal.timeout(timeoutMs),
        redirect: 'error',
      });
      answer = await response.text();
    } catch (error) {
      const reason = error instanceof Error ? error.message : String(error);
      throw new BillsProviderError('unavailable', `${what}: ${short(reason)}`);
    }
    if (response.status >= 500 || response.status === 429) {
      throw new BillsProviderError(
        'unavailable',
        `${what} answered HTTP ${String(response.status)}`,
      );
    }
    if (response.status === 401 || response.status === 403) {
      throw new BillsProviderError('rejected', `${what}: the API keys were refused`);
    }
    try {
      return JSON.parse(answer) as unknown;
    } catch {
      throw new BillsProviderError('unavailable', `${what} gave an unreadable answer`);
    }
  }

  function parse<T>(schema: z.ZodType<T>, answer: unknown, what: string): T {
    const parsed = schema.safeParse(answer);
    if (!parsed.success) {
      throw new BillsProviderError(
        'unavailable',
        `VTpass ${what} gave an answer that does not fit`,
      );
    }
    return parsed.data;
  }

  /** A purchase answer as a state; undefined for a request id the vendor does not know. */
  function stateOf(requestId: string, answer: PurchaseAnswer): BillState | undefined {
    const description = answer.response_description ?? `code ${answer.code}`;
    const base = {
      requestId,
      providerReference: answer.content?.transactions?.transactionId ?? null,
      token: null,
      units: null,
    };
    switch (answer.code) {
      case '000': {
        const inner = (answer.content?.transactions?.status ?? '').toLowerCase();
        const status = statusMap.get(inner) ?? 'pending';
        const delivered = status === 'delivered';
        return {
          ...base,
          status,
          token: delivered ? tokenOf(answer) : null,
          units: delivered ? unitsOf(answer) : null,
          ...(status === 'failed' ? { message: short(description) } : {}),
        };
      }
      case '099':
        return { ...base, status: 'pending' };
      case '016':
        return { ...base, status: 'failed', message: short(description) };
      case unknownRequestId:
        return undefined;
      default:
        if (refusedCodes.has(answer.code)) {
          throw new BillsProviderError('rejected', short(description));
        }
        // An answer we do not know: the outcome is unknown, so requery before anything else.
        throw new BillsProviderError('unavailable', `VTpass answered ${short(description)}`);
    }
  }

  async function requery(requestId: string): Promise<BillState | undefined> {
    const answer = parse(
      purchaseAnswer,
      await call('POST', '/requery', { request_id: requestId }),
      'requery',
    );
    return stateOf(requestId, answer);
  }

  return {
    slug: 'vtpass',

    async verifyCustomer({ serviceId, customerId, meterType }): Promise<BillCustomer> {
      const answer = parse(
        verifyAnswer,
        await call('POST', '/merchant-verify', {
          billersCode: customerId,
          serviceID: serviceId,
          ...(meterType === null ? {} : { type: meterType }),
        }),
        'merchant-verify',
      );
      const content = answer.content;
      const name = content?.Customer_Name?.trim();
      if (answer.code !== '000' || content?.WrongBillersCode === true || content?.error || !name) {
        if (answer.code === '030') {
          throw new BillsProviderError('unavailable', 'The biller cannot be reached right now');
        }
        throw new BillsProviderError('not_found', short(content?.error ?? 'not found'));
      }
      const address = content?.Address?.trim();
      return { name, address: address === undefined || address === '' ? null : address };
    },

    async listPlans(serviceId): Promise<BillPlanOffer[]> {
      const answer = parse(
        variationsAnswer,
        await call('GET', `/service-variations?serviceID=${encodeURIComponent(serviceId)}`),
        'service-variations',
      );
      const list = answer.content?.variations ?? answer.content?.varations;
      if (!list) throw new BillsProviderError('rejected', 'PRODUCT DOES NOT EXIST');
      return list.map((offer) => ({
        code: offer.variation_code,
        name: offer.name,
        amountMinor: offer.variation_amount,
      }));
    },

    async pay(purchase): Promise<BillState> {
      const answer = parse(
        purchaseAnswer,
        await call('POST', '/pay', {
          request_id: purchase.requestId,
          serviceID: purchase.serviceId,
          billersCode: purchase.customerId,
          ...(purchase.variationCode === null ? {} : { variation_code: purchase.variationCode }),
          amount: formatMinorAsDecimal(purchase.amountMinor),
          phone: purchase.phone,
        }),
        'pay',
      );
      if (answer.code === requestIdReused) {
        // Our retry of a purchase it already has: its record is the answer.
        const known = await requery(purchase.requestId);
        if (known) return known;
        throw new BillsProviderError(
          'unavailable',
          'VTpass knows the request id but not the purchase',
        );
      }
      const state = stateOf(purchase.requestId, answer);
      if (!state) throw new BillsProviderError('unavailable', 'VTpass did not record the purchase');
      return state;
    },

    requery,
  };
}
