import { sql } from 'drizzle-orm';
import { rows, type Executor } from '../../platform/db.ts';
import type { FieldCrypto } from '../../platform/field-crypto.ts';

/**
 * Tables that name a user but are not data about them: the replay cache of answers, the
 * exports themselves, and the sealed record of a closed account.
 */
const internalTables = new Set(['idempotency_records', 'privacy_exports', 'closed_accounts']);

/** Columns never copied out: secrets, keyed hashes and sealed values (shown masked instead). */
const hiddenColumn = /(^password_hash$|^token_hash$|_hash$|_ciphertext$|_sealed$|_index$)/;

interface OwnedTable {
  table_name: string;
  owner_column: string;
  hidden: string[] | null;
}

/**
 * Every table with a column that names its user (`user_id`, `owner_user_id`), found from the
 * catalogue, so a table added later is in the archive without anyone remembering to list it.
 */
async function ownedTables(executor: Executor): Promise<OwnedTable[]> {
  const found = await rows<OwnedTable & { columns: string[] }>(
    executor,
    sql`select c.table_name,
               min(c.column_name) filter (where c.column_name in ('user_id', 'owner_user_id'))
                 as owner_column,
               array_agg(c.column_name::text) as columns
          from information_schema.columns c
          join information_schema.tables t
            on t.table_schema = c.table_schema and t.table_name = c.table_name
         where c.table_schema = current_schema() and t.table_type = 'BASE TABLE'
         group by c.table_name
        having bool_or(c.column_name in ('user_id', 'owner_user_id') and c.data_type = 'uuid')
         order by c.table_name`,
  );
  return found
    .filter((table) => !internalTables.has(table.table_name))
    .map((table) => ({
      ...table,
      hidden: table.columns.filter((column) => hiddenColumn.test(column)),
    }));
}

/** One table's rows of the user as JSON text, straight from PostgreSQL (bigints stay exact). */
async function tableJson(executor: Executor, table: OwnedTable, userId: string) {
  const hidden = table.hidden ?? [];
  const [found] = await rows<{ json: string }>(
    executor,
    sql`select coalesce(jsonb_agg(to_jsonb(t) - ${`{${hidden.join(',')}}`}::text[]), '[]'::jsonb)::text
               as json
          from ${sql.identifier(table.table_name)} t
         where ${sql.identifier(table.owner_column)} = ${userId}`,
  );
  return found?.json ?? '[]';
}

const maskBvn = (bvn: string) => `${bvn.slice(0, 4)}${'*'.repeat(Math.max(bvn.length - 4, 0))}`;

async function identitySummary(executor: Executor, crypto: FieldCrypto, userId: string) {
  const [profile] = await rows<{ profile: string }>(
    executor,
    sql`select (to_jsonb(u) - '{password_hash,signup_binding_hash}'::text[])::text as profile
          from users u where id = ${userId}`,
  );
  const [bvn] = await rows<{ bvn_ciphertext: string; verified_at: string | Date }>(
    executor,
    sql`select bvn_ciphertext, verified_at from bvn_records where user_id = ${userId}`,
  );
  const [verification] = await rows<{ status: string; submitted_at: string | Date }>(
    executor,
    sql`select status, submitted_at from identity_verifications where user_id = ${userId}
         order by submitted_at desc limit 1`,
  );
  return {
    profile: profile?.profile ?? 'null',
    kyc: {
      bvn: bvn ? maskBvn(crypto.decrypt(bvn.bvn_ciphertext).toString('utf8')) : null,
      bvn_verified_at: bvn ? new Date(bvn.verified_at).toISOString() : null,
      identity_verification: verification?.status ?? null,
      identity_submitted_at: verification
        ? new Date(verification.submitted_at).toISOString()
        : null,
    },
  };
}

/**
 * Everything held about one user, as one JSON document: the profile, KYC status with the BVN
 * masked, then every table that names them (bank accounts, funding account, transactions,
 * savings plans, holdings, bill payments, notifications, sign-ins, …), keyed by table. Amounts
 * are integers of minor units (kobo, cents) in the `*_minor` fields, as the books keep them.
 */
export async function buildArchive(
  executor: Executor,
  crypto: FieldCrypto,
  userId: string,
  now: Date,
): Promise<string> {
  const identity = await identitySummary(executor, crypto, userId);
  const sections: string[] = [];
  for (const table of await ownedTables(executor)) {
    sections.push(
      `${JSON.stringify(table.table_name)}:${await tableJson(executor, table, userId)}`,
    );
  }
  const about = {
    format: 'ajo-personal-data-export',
    version: 1,
    generated_at: now.toISOString(),
    notes:
      'Amounts are whole minor units (kobo for NGN, cents for USD) in fields ending in _minor. Units of commodities are scaled by 10,000 (units_scaled). Secrets (password, session tokens) and sealed identity documents are not included; the BVN is masked.',
  };
  const head = JSON.stringify(about).slice(0, -1);
  return `${head},"profile":${identity.profile},"kyc":${JSON.stringify(identity.kyc)},"tables":{${sections.join(',')}}}`;
}
