import { z } from 'zod';
import {
  IdentityProviderError,
  type BvnRecord,
  type FaceMatch,
  type IdentityProvider,
} from './identity.port.ts';

/**
 * Dojah (https://docs.dojah.io) behind the identity port.
 *
 * - BVN lookup: `GET /api/v1/kyc/bvn/full?bvn=…` answers `{ entity: { first_name, last_name,
 *   date_of_birth, phone_number1, image, … } }`.
 * - Selfie against the BVN photo: `POST /api/v1/kyc/bvn/verify { bvn, selfie_image }`, the selfie
 *   as bare base64 (no `data:` prefix), answers the same record plus
 *   `selfie_verification: { confidence_value, match }`.
 * - Every call carries `AppId: <app id>` and `Authorization: <secret key>` (no "Bearer").
 * - Refusals are 4xx with `{ error: "…" }`.
 *
 * Vendor answers are untrusted: each is parsed with zod, and anything we cannot read is
 * "unavailable", never a guess.
 */

export const DOJAH_DEFAULT_BASE_URL = 'https://api.dojah.io';
export const DOJAH_DEFAULT_TIMEOUT_MS = 15_000;

/**
 * Lowest selfie-to-BVN-photo confidence (0–100) we accept as the same person. Dojah documents
 * its own `match` flag as true from 90, so we use the same floor and require both: a change to
 * the vendor's flag can then never loosen our bar, and a high score without the flag still fails.
 */
export const DOJAH_FACE_MATCH_MIN_CONFIDENCE = 90;

/**
 * Lowest confidence that is too close to call rather than a clear "not the same person". The
 * bands, with Dojah's `match` flag:
 *
 * - 90–100 with the flag: `match`;
 * - 60 up to 90 (flag or not), or 90–100 without the flag (the score and the flag disagree):
 *   `inconclusive`, so a person compares the selfie with the BVN record in the KYC review queue;
 * - below 60: `no_match`, and the customer is asked to take the selfie again.
 *
 * Poor light and old BVN photos land in the 60s–80s; a different face scores far lower.
 */
export const DOJAH_FACE_REVIEW_MIN_CONFIDENCE = 60;

function faceMatchOf(confidence: number, flagged: boolean): FaceMatch {
  if (flagged && confidence >= DOJAH_FACE_MATCH_MIN_CONFIDENCE) {
    return { outcome: 'match', matched: true, confidencePercent: confidence };
  }
  const outcome = confidence >= DOJAH_FACE_REVIEW_MIN_CONFIDENCE ? 'inconclusive' : 'no_match';
  return { outcome, matched: false, confidencePercent: confidence };
}

const BVN_PATTERN = /^\d{11}$/;

const MONTHS = [
  'january',
  'february',
  'march',
  'april',
  'may',
  'june',
  'july',
  'august',
  'september',
  'october',
  'november',
  'december',
];

/**
 * Dojah sends "1994-06-15" on the lookup and "15-Jun-1994" or "15-June-1994" on the selfie
 * check. Returns YYYY-MM-DD, or undefined for anything else, impossible dates included.
 */
function toIsoDate(value: string): string | undefined {
  let year: number;
  let month: number;
  let day: number;
  const iso = /^(\d{4})-(\d{2})-(\d{2})$/.exec(value);
  const named = /^(\d{1,2})-([A-Za-z]{3,9})-(\d{4})$/.exec(value);
  if (iso?.[1] && iso[2] && iso[3]) {
    year = Number(iso[1]);
    month = Number(iso[2]);
    day = Number(iso[3]);
  } else if (named?.[1] && named[2] && named[3]) {
    const name = named[2].toLowerCase();
    const index = MONTHS.findIndex(
      (full) =>
        full === name || full.slice(0, 3) === name || (name === 'sept' && full === 'september'),
    );
    if (index < 0) return undefined;
    year = Number(named[3]);
    month = index + 1;
    day = Number(named[1]);
  } else {
    return undefined;
  }
  const date = new Date(Date.UTC(year, month - 1, day));
  const real =
    date.getUTCFullYear() === year && date.getUTCMonth() === month - 1 && date.getUTCDate() === day;
  return real ? date.toISOString().slice(0, 10) : undefined;
}

/** "+2348031234567", "2348031234567", "08031234567" or "8031234567" → "8031234567". */
function toNationalNumber(value: string): string | undefined {
  const compact = value.replace(/[\s-]/g, '');
  return /^(?:\+?234|0)?(\d{10})$/.exec(compact)?.[1];
}

const dateOfBirthSchema = z
  .string()
  .trim()
  .transform((value, context) => {
    const iso = toIsoDate(value);
    if (iso) return iso;
    context.issues.push({ code: 'custom', message: 'unreadable date_of_birth', input: value });
    return z.NEVER;
  });

const phoneSchema = z
  .string()
  .trim()
  .transform((value, context) => {
    const national = toNationalNumber(value);
    if (national) return national;
    context.issues.push({ code: 'custom', message: 'unreadable phone_number1', input: value });
    return z.NEVER;
  });

const nameSchema = z.string().trim().min(1);

const lookupAnswerSchema = z.object({
  entity: z.object({
    bvn: z.string().optional(),
    first_name: nameSchema,
    last_name: nameSchema,
    date_of_birth: dateOfBirthSchema,
    phone_number1: phoneSchema,
  }),
});

const selfieAnswerSchema = z.object({
  entity: z.object({
    selfie_verification: z.object({
      confidence_value: z.number().min(0).max(100),
      match: z.boolean(),
    }),
  }),
});

const errorAnswerSchema = z.union([
  z.object({ error: z.string() }),
  z.object({ message: z.string() }),
]);

function unavailable(message: string, cause?: unknown): IdentityProviderError {
  const error = new IdentityProviderError('unavailable', message);
  if (cause !== undefined) error.cause = cause;
  return error;
}

function notFound(): IdentityProviderError {
  return new IdentityProviderError('not_found', 'No BVN record was found for this number');
}

function isTimeout(error: unknown): boolean {
  return (
    typeof error === 'object' && error !== null && 'name' in error && error.name === 'TimeoutError'
  );
}

/** Dojah's own words for a refusal (`{ error }`, or `{ message }`), shortened; '' if none. */
function vendorMessage(body: string): string {
  let parsed: unknown;
  try {
    parsed = JSON.parse(body);
  } catch {
    return '';
  }
  const answer = errorAnswerSchema.safeParse(parsed);
  if (!answer.success) return '';
  return ('error' in answer.data ? answer.data.error : answer.data.message).slice(0, 200);
}

function failure(status: number, body: string): IdentityProviderError {
  const said = vendorMessage(body);
  if (status === 404 || (status === 400 && /not\s+found/i.test(said))) return notFound();
  if (status === 401 || status === 403) {
    return unavailable(
      `Dojah refused our credentials (HTTP ${String(status)}); check the app id and secret key`,
    );
  }
  return unavailable(`Dojah answered HTTP ${String(status)}${said ? `: ${said}` : ''}`);
}

export function dojahIdentityProvider(options: {
  appId: string;
  secretKey: string;
  /** Default https://api.dojah.io (sandbox: https://sandbox.dojah.io). */
  baseUrl?: string;
  /** Whole call, answer body included. Default 15 000 ms. */
  timeoutMs?: number;
  fetch?: typeof fetch;
}): IdentityProvider {
  const baseUrl = (options.baseUrl ?? DOJAH_DEFAULT_BASE_URL).replace(/\/+$/, '');
  const timeoutMs = options.timeoutMs ?? DOJAH_DEFAULT_TIMEOUT_MS;
  const send = options.fetch ?? fetch;

  /** The parsed JSON of a 2xx answer; an IdentityProviderError for everything else. */
  async function call(
    path: string,
    request: { query?: Record<string, string>; json?: unknown },
  ): Promise<unknown> {
    const url = new URL(`${baseUrl}${path}`);
    for (const [key, value] of Object.entries(request.query ?? {})) {
      url.searchParams.set(key, value);
    }
    const headers: Record<string, string> = {
      AppId: options.appId,
      Authorization: options.secretKey,
      Accept: 'application/json',
    };
    if (request.json !== undefined) headers['Content-Type'] = 'application/json';

    let status: number;
    let body: string;
    try {
      const response = await send(url, {
        method: request.json === undefined ? 'GET' : 'POST',
        headers,
        ...(request.json === undefined ? {} : { body: JSON.stringify(request.json) }),
        signal: AbortSignal.timeout(timeoutMs),
        redirect: 'error',
      });
      status = response.status;
      body = await response.text();
    } catch (error) {
      if (isTimeout(error)) {
        throw unavailable(`Dojah did not answer within ${String(timeoutMs)} ms`, error);
      }
      throw unavailable('Dojah could not be reached', error);
    }

    if (status < 200 || status > 299) throw failure(status, body);
    try {
      return JSON.parse(body) as unknown;
    } catch (error) {
      throw unavailable(
        `Dojah answered HTTP ${String(status)} with a body that is not JSON`,
        error,
      );
    }
  }

  return {
    // The customer's name is not sent: Dojah answers the record and the caller compares names.
    lookupBvn: async ({ bvn }): Promise<BvnRecord> => {
      if (!BVN_PATTERN.test(bvn)) throw notFound();
      const answer = lookupAnswerSchema.safeParse(
        await call('/api/v1/kyc/bvn/full', { query: { bvn } }),
      );
      if (!answer.success) {
        throw unavailable('Dojah answered a BVN record we could not read', answer.error);
      }
      const entity = answer.data.entity;
      if (entity.bvn !== undefined && BVN_PATTERN.test(entity.bvn) && entity.bvn !== bvn) {
        throw unavailable('Dojah answered the record of another BVN');
      }
      return {
        bvn,
        firstName: entity.first_name,
        lastName: entity.last_name,
        dateOfBirth: entity.date_of_birth,
        phone: entity.phone_number1,
      };
    },

    matchFace: async ({ bvn, selfieJpeg }): Promise<FaceMatch> => {
      if (!BVN_PATTERN.test(bvn)) throw notFound();
      const answer = selfieAnswerSchema.safeParse(
        await call('/api/v1/kyc/bvn/verify', {
          json: { bvn, selfie_image: selfieJpeg.toString('base64') },
        }),
      );
      if (!answer.success) {
        throw unavailable('Dojah answered a selfie check we could not read', answer.error);
      }
      const { confidence_value: confidence, match } = answer.data.entity.selfie_verification;
      return faceMatchOf(confidence, match);
    },
  };
}
