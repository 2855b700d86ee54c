import { sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import sharp from 'sharp';
import { expect } from 'vitest';
import type { AccountVerificationBody } from '@ajo/contracts/verification';
import { rows, type Database } from '../../src/platform/db.ts';
import { sandboxBvns } from '../../src/providers/identity/sandbox.ts';
import { bearer } from './calls.ts';

/** The sandbox payments provider's slug, as it appears in the virtual-account paths. */
export const verifyBvnUrl = '/v1/virtualaccount/verify-bvn-sandbox';
export const createAccountUrl = '/v1/virtualaccount/create-sandbox-account';

/** A real JPEG (a face-sized grey frame with a little texture) carrying EXIF with GPS-like text. */
export async function selfieJpeg(
  options: { width?: number; height?: number; exif?: boolean } = {},
): Promise<Buffer> {
  const width = options.width ?? 480;
  const height = options.height ?? 640;
  const image = sharp({
    create: { width, height, channels: 3, background: { r: 196, g: 150, b: 120 } },
  })
    .composite([
      {
        input: Buffer.from(
          `<svg width="${String(width)}" height="${String(height)}"><ellipse cx="${String(width / 2)}" cy="${String(height / 2)}" rx="${String(width / 3)}" ry="${String(height / 3)}" fill="#8a5a3c"/></svg>`,
        ),
      },
    ])
    .jpeg({ quality: 80 });
  return (
    options.exif === false
      ? image
      : image.withExif({
          IFD0: {
            Make: 'AjoTestPhone',
            Copyright: 'exif-secret-marker',
            ImageDescription: 'GPS 6.5244 N 3.3792 E',
          },
        })
  ).toBuffer();
}

/** A selfie as the client sends it: base64 JPEG text without the data-URL prefix. */
export async function selfieBase64(
  options: { width?: number; height?: number; exif?: boolean } = {},
): Promise<string> {
  return (await selfieJpeg(options)).toString('base64');
}

/** A valid verification submission for `bvn`; country fields left to their defaults. */
export function verificationBody(
  bvn: string,
  content: string,
  overrides: Record<string, unknown> = {},
): AccountVerificationBody & Record<string, unknown> {
  return {
    address: '12 Adeola Odeku Street, Victoria Island, Lagos',
    bvn,
    date_of_birth: '1994-06-15',
    phone: '8031234567',
    documents: [
      {
        content,
        document_sub_type: 'selfie',
        document_type: 'identity_verification',
        mime_type: 'image/jpeg',
      },
    ],
    ...overrides,
  };
}

export function verifyBvn(app: FastifyInstance, token: string, bvn: string) {
  return app.inject({
    method: 'POST',
    url: verifyBvnUrl,
    headers: bearer(token),
    payload: { Bvn: bvn },
  });
}

export function createAccount(app: FastifyInstance, token: string, bvn: string) {
  return app.inject({
    method: 'POST',
    url: createAccountUrl,
    headers: bearer(token),
    payload: { account_name: 'Chiamaka Eze', customer: { name: 'Chiamaka Eze' }, kyc: { bvn } },
  });
}

export interface VirtualAccountView {
  id: string;
  account_reference: string;
  account_number: string;
  account_name: string;
  bank_name: string;
  bank_code: string;
  provider: string;
  created_at: string;
}

/** The BVN step and the funding account, as the BVN modal does them; answers the account. */
export async function verifyBvnAndCreateAccount(
  app: FastifyInstance,
  token: string,
  bvn: string = sandboxBvns.matchesAnyName,
): Promise<VirtualAccountView> {
  const verified = await verifyBvn(app, token, bvn);
  expect(verified.statusCode, verified.body).toBe(200);
  const created = await createAccount(app, token, bvn);
  expect(created.statusCode, created.body).toBe(200);
  return created.json<{ data: { data: VirtualAccountView } }>().data.data;
}

export function submitVerification(
  app: FastifyInstance,
  token: string | undefined,
  body: unknown,
  remoteAddress = '203.0.113.10',
) {
  return app.inject({
    method: 'POST',
    url: '/v1/accounts/verify',
    headers: {
      ...(token ? bearer(token) : {}),
      'content-type': 'application/json',
    },
    payload: typeof body === 'string' ? body : JSON.stringify(body),
    remoteAddress,
  });
}

export async function me(app: FastifyInstance, token: string) {
  const response = await app.inject({ method: 'GET', url: '/v1/accounts', headers: bearer(token) });
  expect(response.statusCode).toBe(200);
  return response.json<{
    data: {
      id: string;
      status: string;
      tier: number;
      virtual_account: { id: string; account_reference: string };
    };
  }>().data;
}

export async function notificationTitles(app: FastifyInstance, token: string): Promise<string[]> {
  const response = await app.inject({
    method: 'GET',
    url: '/v1/notifications',
    headers: bearer(token),
  });
  expect(response.statusCode).toBe(200);
  return response
    .json<{ data: { items: { title: string }[] } }>()
    .data.items.map((item) => item.title);
}

/** What the verification features write, summed up: equal before and after means no change. */
export async function verificationFingerprint(database: Database): Promise<string> {
  const [row] = await rows<Record<string, unknown>>(
    database.db,
    sql`select
          (select count(*)::int from bvn_records) as bvn_records,
          (select coalesce(string_agg(user_id::text || bvn_index, ',' order by user_id), '')
             from bvn_records) as bvn_owners,
          (select count(*)::int from virtual_accounts) as virtual_accounts,
          (select count(*)::int from sandbox_virtual_accounts) as sandbox_virtual_accounts,
          (select count(*)::int from identity_verifications) as identity_verifications,
          (select count(*)::int from notifications) as notifications,
          (select count(*)::int from jobs) as jobs,
          (select count(*)::int from ledger_accounts) as ledger_accounts,
          (select string_agg(id::text || status || tier::text, ',' order by id) from users)
            as users`,
  );
  return JSON.stringify(row);
}

/**
 * The database's write-ahead-log position: it stays put while nothing is written, so an unchanged
 * position proves an unchanged database cheaply (a moved one may be another database on the same
 * server, or page housekeeping; compare `verificationFingerprint` then).
 */
export async function walPosition(database: Database): Promise<string> {
  const [row] = await rows<{ lsn: string }>(
    database.db,
    sql`select pg_current_wal_insert_lsn()::text as lsn`,
  );
  return row?.lsn ?? '';
}

export async function countRows(
  database: Database,
  table: 'bvn_records' | 'virtual_accounts' | 'identity_verifications',
  userId?: string,
): Promise<number> {
  const where = userId ? sql` where user_id = ${userId}` : sql``;
  const [row] = await rows<{ count: number }>(
    database.db,
    sql`select count(*)::int as count from ${sql.identifier(table)}${where}`,
  );
  return row?.count ?? 0;
}
