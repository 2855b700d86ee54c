import { createServer, type IncomingHttpHeaders, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';

/** What the fake holds for a BVN, in Dojah's field names and formats (dates sent back verbatim). */
export interface DojahFakeRecord {
  bvn: string;
  first_name: string;
  last_name: string;
  /** "1994-06-15", "15-Jun-1994" or "15-June-1994": answered exactly as given. */
  date_of_birth: string;
  phone_number1: string;
}

export interface DojahFakeRequest {
  method: string;
  /** Path with its query string, e.g. "/api/v1/kyc/bvn/full?bvn=22222222222". */
  path: string;
  headers: IncomingHttpHeaders;
  /** The raw body ('' for a GET). */
  body: string;
}

export interface DojahFake {
  baseUrl: string;
  close(): Promise<void>;
  /** Every request received, in order, including refused ones. */
  requests: DojahFakeRequest[];
  addRecord(record: DojahFakeRecord): void;
  /** Selfie-to-photo confidence for a BVN (default 99.5); `match` follows Dojah's 90 cut-off. */
  setFaceConfidence(bvn: string, confidence: number): void;
  /** Answers the next request, whatever it is, with this status and raw body. */
  failNext(status: number, body?: string): void;
  /** Leaves the next request unanswered (until close), as a hung vendor does. */
  stallNext(): void;
}

/** Dojah documents `match` as true from a confidence of 90. */
const DOJAH_MATCH_CUTOFF = 90;
const DEFAULT_CONFIDENCE = 99.5;
/** A few bytes of base64 JPEG, standing in for the BVN photo. */
const BVN_PHOTO = Buffer.from([0xff, 0xd8, 0xff, 0xe0, 0x00, 0x10, 0x4a, 0x46]).toString('base64');
const BASE64 = /^(?:[A-Za-z0-9+/]{4})*(?:[A-Za-z0-9+/]{2}==|[A-Za-z0-9+/]{3}=)?$/;

/**
 * A local stand-in for Dojah's KYC API (https://docs.dojah.io) on 127.0.0.1: the BVN lookup
 * (`GET /api/v1/kyc/bvn/full`) and the selfie check (`POST /api/v1/kyc/bvn/verify`), with
 * Dojah's headers, shapes and `{ error }` refusals.
 */
export async function startDojahFake(options: {
  appId: string;
  secretKey: string;
}): Promise<DojahFake> {
  const records = new Map<string, DojahFakeRecord>();
  const confidences = new Map<string, number>();
  const requests: DojahFakeRequest[] = [];
  const scripted: ({ kind: 'fail'; status: number; body: string } | { kind: 'stall' })[] = [];

  const send = (response: ServerResponse, status: number, payload: unknown) => {
    response.writeHead(status, { 'content-type': 'application/json' });
    response.end(JSON.stringify(payload));
  };

  const entityOf = (record: DojahFakeRecord) => ({
    bvn: record.bvn,
    first_name: record.first_name,
    middle_name: '',
    last_name: record.last_name,
    date_of_birth: record.date_of_birth,
    phone_number1: record.phone_number1,
    phone_number2: '',
    gender: 'Female',
    image: BVN_PHOTO,
  });

  const server = createServer((request, response) => {
    const chunks: Buffer[] = [];
    request.on('data', (chunk: Buffer) => chunks.push(chunk));
    request.on('end', () => {
      const body = Buffer.concat(chunks).toString('utf8');
      const path = request.url ?? '/';
      const method = request.method ?? 'GET';
      requests.push({ method, path, headers: request.headers, body });

      const next = scripted.shift();
      if (next?.kind === 'stall') return;
      if (next?.kind === 'fail') {
        response.writeHead(next.status, { 'content-type': 'application/json' });
        response.end(next.body);
        return;
      }

      if (
        request.headers.appid !== options.appId ||
        request.headers.authorization !== options.secretKey
      ) {
        send(response, 401, { error: 'Unauthorized: invalid AppId or Authorization key' });
        return;
      }

      const url = new URL(path, 'http://127.0.0.1');
      if (url.pathname === '/api/v1/kyc/bvn/full') {
        if (method !== 'GET') {
          send(response, 405, { error: 'Method not allowed' });
          return;
        }
        const bvn = url.searchParams.get('bvn') ?? '';
        if (!/^\d{11}$/.test(bvn)) {
          send(response, 400, { error: 'Invalid BVN: it must be 11 digits' });
          return;
        }
        const record = records.get(bvn);
        if (!record) {
          send(response, 404, { error: 'BVN not found' });
          return;
        }
        send(response, 200, { entity: entityOf(record) });
        return;
      }

      if (url.pathname === '/api/v1/kyc/bvn/verify') {
        if (method !== 'POST') {
          send(response, 405, { error: 'Method not allowed' });
          return;
        }
        let parsed: unknown;
        try {
          parsed = JSON.parse(body);
        } catch {
          send(response, 400, { error: 'Request body must be JSON' });
          return;
        }
        const { bvn, selfie_image: selfie } = (parsed ?? {}) as Record<string, unknown>;
        if (typeof bvn !== 'string' || !/^\d{11}$/.test(bvn)) {
          send(response, 400, { error: 'Invalid BVN: it must be 11 digits' });
          return;
        }
        // Dojah: "truncate data:image/jpeg;base64, … pass only the buffer starting with /9".
        if (typeof selfie !== 'string' || !BASE64.test(selfie) || !selfie.startsWith('/9j/')) {
          send(response, 400, {
            error: 'selfie_image must be a base64 JPEG without a data: prefix',
          });
          return;
        }
        const record = records.get(bvn);
        if (!record) {
          send(response, 404, { error: 'BVN not found' });
          return;
        }
        const confidence = confidences.get(bvn) ?? DEFAULT_CONFIDENCE;
        send(response, 200, {
          entity: {
            ...entityOf(record),
            selfie_verification: {
              confidence_value: confidence,
              match: confidence >= DOJAH_MATCH_CUTOFF,
            },
            selfie_image_url: `https://images.example.test/bvn_n_selfie_${bvn}.jpg`,
          },
        });
        return;
      }

      send(response, 404, { error: 'Not found' });
    });
  });

  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;

  return {
    baseUrl: `http://127.0.0.1:${String(port)}`,
    requests,
    close: () =>
      new Promise<void>((resolve, reject) => {
        server.closeAllConnections();
        server.close((error) => {
          if (error) reject(error);
          else resolve();
        });
      }),
    addRecord: (record) => {
      records.set(record.bvn, { ...record });
    },
    setFaceConfidence: (bvn, confidence) => {
      confidences.set(bvn, confidence);
    },
    failNext: (status, body = JSON.stringify({ error: 'Something went wrong' })) => {
      scripted.push({ kind: 'fail', status, body });
    },
    stallNext: () => {
      scripted.push({ kind: 'stall' });
    },
  };
}
