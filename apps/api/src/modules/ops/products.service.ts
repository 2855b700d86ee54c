import { randomBytes } from 'node:crypto';
import { sql, type SQL } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import {
  productChangesSchemas,
  productMessages,
  type CreateProductBody,
  type NewProductKind,
  type OpsCatalogue,
  type ProductChange,
  type ProductChangeStatus,
  type ProductKind,
  type ScheduleProductChangeBody,
} from '@ajo/contracts/ops-products';
import { propertyArt, type PropertyScene } from '@ajo/contracts/real-estate';
import { formatMinorAsDecimal } from '@ajo/money/format';
import { parseAmount } from '@ajo/money/parse';
import type { Clock } from '../../platform/clock.ts';
import { rows, type Database, type Executor, type Tx } from '../../platform/db.ts';
import { AppError, conflict, notFound } from '../../platform/errors.ts';
import { clearReadCache } from '../../platform/read-cache.ts';
import { isoTimestamp } from '../../platform/timestamps.ts';
import { recordAudit } from './audit.ts';

/** How far back "now" may be when an operator schedules a change (the time it took to confirm). */
export const PAST_GRACE_MS = 60_000;
/** The furthest ahead a change may be scheduled: a year (further is a typing slip). */
const FURTHEST_AHEAD_MS = 366 * 86_400_000;

type Values = Record<string, unknown>;

/** What one kind of product is: how its editable values are read, checked and written. */
interface KindHandler {
  /** The target's name (as people read it) and its editable values; null when there is none. */
  load(
    executor: Executor,
    targetId: string,
    lock: boolean,
  ): Promise<{ name: string; values: Values } | null>;
  /** A rule across fields (a minimum above the maximum); the message when broken. */
  check?(values: Values): string | null;
  write(tx: Tx, targetId: string, changes: Values, now: Date): Promise<void>;
}

const uuidPattern = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

const money = (text: unknown) => formatMinorAsDecimal(parseAmount(String(text)));
const minorOf = (text: unknown) => parseAmount(String(text));
const moneyOrNull = (text: unknown) => (text === null || text === undefined ? null : money(text));
const percentOf = (bps: number) => bps / 100;
const bpsOf = (percent: unknown) => Math.round(Number(percent) * 100);
const forUpdate = (lock: boolean) => (lock ? sql` for update` : sql``);

/** A table's row updated by id, one assignment per changed field. */
async function updateRow(tx: Tx, table: string, id: string, assignments: SQL[]) {
  if (assignments.length === 0) return;
  await tx.execute(
    sql`update ${sql.raw(table)} set ${sql.join(assignments, sql`, `)} where id = ${id}`,
  );
}

/** Assignments for the fields present in `changes`, by how each one is stored. */
function assignments(changes: Values, columns: Record<string, (value: unknown) => SQL>): SQL[] {
  return Object.entries(changes)
    .filter(([field, value]) => value !== undefined && field in columns)
    .map(([field, value]) => (columns[field] as (value: unknown) => SQL)(value));
}

const text = (column: string) => (value: unknown) => sql`${sql.raw(column)} = ${String(value)}`;
const flag = (column: string) => (value: unknown) => sql`${sql.raw(column)} = ${value === true}`;
const integer = (column: string) => (value: unknown) => sql`${sql.raw(column)} = ${Number(value)}`;
const minor = (column: string) => (value: unknown) =>
  sql`${sql.raw(column)} = ${minorOf(value).toString()}::bigint`;
const basisPoints = (column: string) => (value: unknown) =>
  sql`${sql.raw(column)} = ${bpsOf(value)}`;

/**
 * One editable field of a product kept in its own table: the column as selected, how the stored
 * value reads in the console, and how a change to it is written.
 */
interface Field {
  select: SQL;
  read: (stored: unknown) => unknown;
  write: (value: unknown) => SQL;
}

const asIs = (stored: unknown) => stored;
const textField = (column: string): Field => ({
  select: sql.raw(column),
  read: asIs,
  write: text(column),
});
const flagField = (column: string): Field => ({
  select: sql.raw(column),
  read: asIs,
  write: flag(column),
});
const integerField = (column: string): Field => ({
  select: sql.raw(column),
  read: asIs,
  write: integer(column),
});
const uuidField = (column: string): Field => ({
  select: sql.raw(column),
  read: asIs,
  write: (value) => sql`${sql.raw(column)} = ${String(value)}::uuid`,
});
/** A bigint of minor units, shown as decimal text ("5000.00"). */
const minorField = (column: string): Field => ({
  select: sql.raw(`${column}::text`),
  read: (stored) => formatMinorAsDecimal(BigInt(String(stored))),
  write: minor(column),
});
/** Basis points, shown as a percent. */
const percentField = (column: string): Field => ({
  select: sql.raw(column),
  read: (stored) => percentOf(Number(stored)),
  write: basisPoints(column),
});
/** A list kept under `key` in the row's `meta`. */
const metaListField = (key: string): Field => ({
  select: sql.raw(`meta -> '${key}'`),
  read: (stored) => (Array.isArray(stored) ? (stored as unknown[]) : []),
  write: (value) =>
    sql`meta = jsonb_set(meta, ${`{${key}}`}::text[], ${JSON.stringify(value)}::jsonb)`,
});

/**
 * A kind whose products are rows of `table`: read by id (named by `nameField`), each changed
 * field written in one update. `beforeWrite` checks what the fields cannot (a category exists).
 */
function tableKind(
  table: string,
  nameField: string,
  fields: Record<string, Field>,
  rules: {
    check?: (values: Values) => string | null;
    beforeWrite?: (tx: Tx, changes: Values) => Promise<void>;
  } = {},
): KindHandler {
  const entries = Object.entries(fields);
  const selected = sql.join(
    entries.map(([name, field]) => sql`${field.select} as ${sql.identifier(name)}`),
    sql`, `,
  );
  const writers = Object.fromEntries(entries.map(([name, field]) => [name, field.write]));
  return {
    async load(executor, id, lock) {
      if (!uuidPattern.test(id)) return null;
      const [row] = await rows<Values>(
        executor,
        sql`select ${selected} from ${sql.raw(table)} where id = ${id}${forUpdate(lock)}`,
      );
      if (!row) return null;
      const values = Object.fromEntries(
        entries.map(([name, field]) => [name, field.read(row[name])]),
      );
      return { name: String(values[nameField]), values };
    },
    ...(rules.check ? { check: rules.check } : {}),
    async write(tx, id, changes) {
      await rules.beforeWrite?.(tx, changes);
      await updateRow(tx, table, id, assignments(changes, writers));
    },
  };
}

const positive = (values: Values, field: string, label: string): string | null =>
  values[field] !== undefined && minorOf(values[field]) <= 0n
    ? `${label} must be more than 0.00`
    : null;

// --- configuration items (fees, limits, the exchange rate) -----------------------------------

interface ConfigItem {
  id: string;
  [field: string]: unknown;
}

async function configItems(executor: Executor, name: string, lock: boolean) {
  const [found] = await rows<{ value: unknown }>(
    executor,
    sql`select value from configurations where name = ${name}${forUpdate(lock)}`,
  );
  return Array.isArray(found?.value) ? (found.value as ConfigItem[]) : null;
}

async function saveConfig(tx: Tx, name: string, items: ConfigItem[], now: Date) {
  await tx.execute(sql`update configurations set value = ${JSON.stringify(items)}::jsonb,
      updated_at = ${now.toISOString()} where name = ${name}`);
}

/** A fee rule: an operation's item, or `operation:method` for one of its payment methods. */
function feeRuleOf(items: ConfigItem[], targetId: string): Record<string, unknown> | null {
  const [operation, method] = targetId.split(':');
  const item = items.find((entry) => entry.id === operation);
  if (!item) return null;
  const methods = item.payment_methods;
  if (method === undefined) return Array.isArray(methods) ? null : item;
  if (!Array.isArray(methods)) return null;
  return (methods as Record<string, unknown>[]).find((entry) => entry.id === method) ?? null;
}

/** A configuration field as text (numbers too); `fallback` when missing or of another type. */
const textOf = (value: unknown, fallback: string): string =>
  typeof value === 'string' ? value : typeof value === 'number' ? String(value) : fallback;

const feeValues = (rule: Record<string, unknown>): Values => ({
  rate: percentOf(Number(rule.rate_bps ?? 0)),
  flat: textOf(rule.flat, '0.00'),
  cap: rule.cap === null || rule.cap === undefined ? null : textOf(rule.cap, '0.00'),
});

interface Tier {
  tier: number;
  per_transaction: string | null;
  daily: string | null;
}
interface BalanceMax {
  tier: number;
  amount: string | null;
}

const limitValues = (item: ConfigItem): Values => ({
  minimum: textOf(item.minimum, '0.00'),
  tiers: Array.isArray(item.tiers) ? (item.tiers as Tier[]) : [],
  balance_max: Array.isArray(item.balance_max) ? (item.balance_max as BalanceMax[]) : null,
});

/** `current` with each entry of `updates` put in place of the one of its tier (or added). */
function byTier<T extends { tier: number }>(current: T[], updates: T[]): T[] {
  const merged = new Map(current.map((entry) => [entry.tier, entry]));
  for (const entry of updates) merged.set(entry.tier, entry);
  return [...merged.values()].sort((a, b) => a.tier - b.tier);
}

// --- the kinds ---------------------------------------------------------------------------------

const handlers: Record<ProductKind, KindHandler> = {
  savings_product: tableKind(
    'savings_products',
    'name',
    {
      name: textField('name'),
      description: textField('description'),
      minimum: minorField('minimum_minor'),
      active: flagField('active'),
      durations: metaListField('durations'),
    },
    { check: (values) => positive(values, 'minimum', 'The minimum') },
  ),
  commodity: tableKind(
    'commodities',
    'name',
    {
      name: textField('name'),
      description: textField('description'),
      unit: textField('unit'),
      category_id: uuidField('category_id'),
      position: integerField('position'),
    },
    {
      async beforeWrite(tx, changes) {
        if (typeof changes.category_id !== 'string') return;
        const [category] = await rows<{ id: string }>(
          tx,
          sql`select id from commodity_categories where id = ${changes.category_id}`,
        );
        if (!category) throw new AppError('no_such_category', 'No such commodity category', 422);
      },
    },
  ),
  fixed_income_product: tableKind(
    'fixed_income_products',
    'name',
    {
      name: textField('name'),
      description: textField('description'),
      rate: percentField('rate_bps'),
      minimum: minorField('minimum_minor'),
      maximum: minorField('maximum_minor'),
      active: flagField('active'),
      position: integerField('position'),
    },
    {
      check: (values) =>
        positive(values, 'minimum', 'The minimum') ??
        (minorOf(values.minimum) > minorOf(values.maximum)
          ? productMessages.minimumAboveMaximum
          : null),
    },
  ),
  real_estate_listing: tableKind(
    'real_estate_properties',
    'name',
    {
      name: textField('name'),
      location: textField('location'),
      description: textField('description'),
      price_per_unit: minorField('price_per_unit_minor'),
      rental_yield: percentField('rental_yield_bps'),
      active: flagField('active'),
      position: integerField('position'),
    },
    { check: (values) => positive(values, 'price_per_unit', 'The price per unit') },
  ),
  fee: {
    async load(executor, id, lock) {
      const items = await configItems(executor, 'processing_fees', lock);
      const rule = items ? feeRuleOf(items, id) : null;
      return rule ? { name: id, values: feeValues(rule) } : null;
    },
    async write(tx, id, changes, now) {
      const items = (await configItems(tx, 'processing_fees', true)) ?? [];
      const rule = feeRuleOf(items, id);
      if (!rule) throw notFound(productMessages.notFound);
      if (changes.rate !== undefined) rule.rate_bps = bpsOf(changes.rate);
      if (changes.flat !== undefined) rule.flat = money(changes.flat);
      if (changes.cap !== undefined) rule.cap = moneyOrNull(changes.cap);
      await saveConfig(tx, 'processing_fees', items, now);
    },
  },
  limit: {
    async load(executor, id, lock) {
      const items = await configItems(executor, 'transaction_limits', lock);
      const item = items?.find((entry) => entry.id === id);
      return item ? { name: id, values: limitValues(item) } : null;
    },
    async write(tx, id, changes, now) {
      const items = (await configItems(tx, 'transaction_limits', true)) ?? [];
      const item = items.find((entry) => entry.id === id);
      if (!item) throw notFound(productMessages.notFound);
      const current = limitValues(item);
      if (changes.minimum !== undefined) item.minimum = money(changes.minimum);
      if (Array.isArray(changes.tiers)) {
        item.tiers = byTier(current.tiers as Tier[], changes.tiers as Tier[]);
      }
      if (Array.isArray(changes.balance_max)) {
        item.balance_max = byTier(
          (current.balance_max as BalanceMax[] | null) ?? [],
          changes.balance_max as BalanceMax[],
        );
      }
      await saveConfig(tx, 'transaction_limits', items, now);
    },
  },
  exchange_rate: {
    async load(executor, id, lock) {
      const items = await configItems(executor, 'exchange_rate', lock);
      const item = items?.find((entry) => entry.id === id);
      return item
        ? { name: id, values: { buy: textOf(item.buy, ''), sell: textOf(item.sell, '') } }
        : null;
    },
    async write(tx, id, changes, now) {
      const items = (await configItems(tx, 'exchange_rate', true)) ?? [];
      const item = items.find((entry) => entry.id === id);
      if (!item) throw notFound(productMessages.notFound);
      item.buy = money(changes.buy);
      item.sell = money(changes.sell);
      item.updated_at = now.toISOString();
      await saveConfig(tx, 'exchange_rate', items, now);
    },
  },
  advert: tableKind('adverts', 'title', {
    title: textField('title'),
    body: textField('body'),
    cta_label: textField('cta_label'),
    cta_path: textField('cta_path'),
    position: integerField('position'),
    active: flagField('active'),
  }),
};

/**
 * When a change starts: `now` or a time not in the past (a minute's grace for confirming) and at
 * most a year ahead.
 */
function effectiveFromOf(given: string, now: Date): Date {
  const effectiveFrom = given === 'now' ? now : new Date(given);
  if (effectiveFrom.getTime() < now.getTime() - PAST_GRACE_MS) {
    throw new AppError('change_in_the_past', productMessages.inThePast, 422, [
      { path: 'effective_from', message: productMessages.inThePast },
    ]);
  }
  if (effectiveFrom.getTime() > now.getTime() + FURTHEST_AHEAD_MS) {
    throw new AppError('change_too_far_ahead', productMessages.tooFarAhead, 422, [
      { path: 'effective_from', message: productMessages.tooFarAhead },
    ]);
  }
  return effectiveFrom;
}

/** Stores a scheduled change and its audit entry; answers its id. */
async function insertChange(
  tx: Tx,
  change: {
    kind: ProductKind;
    targetId: string;
    changes: Values;
    before: Values;
    effectiveFrom: Date;
    now: Date;
    who: { operatorId: string; ipAddress: string };
  },
): Promise<string> {
  const { kind, targetId, changes, effectiveFrom, now, who } = change;
  const [inserted] = await rows<{ id: string }>(
    tx,
    sql`insert into product_changes (kind, target_id, changes, effective_from, status,
          proposed_by, created_at)
        values (${kind}, ${targetId}, ${JSON.stringify(changes)}::jsonb,
          ${(effectiveFrom < now ? now : effectiveFrom).toISOString()}, 'scheduled',
          ${who.operatorId}, ${now.toISOString()})
        returning id`,
  );
  if (!inserted) throw new Error('the product change was not stored');
  await recordAudit(tx, {
    operatorId: who.operatorId,
    action: 'product_change.scheduled',
    subjectType: kind,
    subjectId: targetId,
    before: change.before,
    after: changes,
    ipAddress: who.ipAddress,
    now,
  });
  return inserted.id;
}

/** A slug from a name, made unique by a random tail ("lekki-court-3f9a1c"). */
const slugOf = (text: string) =>
  `${text
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-+|-+$/g, '')
    .slice(0, 40)}-${randomBytes(3).toString('hex')}`;

/** A new product row, hidden (`active = false`), listed after the others; answers its id. */
async function insertHidden(tx: Tx, kind: NewProductKind, values: Values): Promise<string> {
  const [inserted] = await rows<{ id: string }>(
    tx,
    kind === 'advert'
      ? sql`insert into adverts (slug, title, body, cta_label, cta_path, position, active)
            select ${slugOf(String(values.title))}, ${String(values.title)},
                   ${String(values.body)}, ${String(values.cta_label)},
                   ${String(values.cta_path)}, coalesce(max(position) + 1, 0), false
              from adverts
            returning id`
      : sql`insert into real_estate_properties (slug, name, location, description,
              price_per_unit_minor, units_total, units_available, rental_yield_bps, art,
              position, active)
            select ${slugOf(String(values.name))}, ${String(values.name)},
                   ${String(values.location)}, ${String(values.description)},
                   ${minorOf(values.price_per_unit).toString()}::bigint,
                   ${Number(values.units_total)}, ${Number(values.units_total)},
                   ${bpsOf(values.rental_yield)},
                   ${JSON.stringify(propertyArt(values.scene as PropertyScene))}::jsonb,
                   coalesce(max(position) + 1, 0), false
              from real_estate_properties
            returning id`,
  );
  if (!inserted) throw new Error('the new product was not stored');
  return inserted.id;
}

/** Money fields as stored: "5000" becomes "5000.00", so every change reads the same. */
function normalised(kind: ProductKind, changes: Values): Values {
  const out: Values = { ...changes };
  const moneyFields = ['minimum', 'maximum', 'price_per_unit', 'flat', 'cap', 'buy', 'sell'];
  for (const field of moneyFields) {
    if (out[field] !== undefined) out[field] = moneyOrNull(out[field]);
  }
  if (kind === 'limit') {
    if (Array.isArray(out.tiers)) {
      out.tiers = (out.tiers as Tier[]).map((entry) => ({
        tier: entry.tier,
        per_transaction: moneyOrNull(entry.per_transaction),
        daily: moneyOrNull(entry.daily),
      }));
    }
    if (Array.isArray(out.balance_max)) {
      out.balance_max = (out.balance_max as BalanceMax[]).map((entry) => ({
        tier: entry.tier,
        amount: moneyOrNull(entry.amount),
      }));
    }
  }
  return out;
}

const pick = (values: Values, fields: string[]): Values =>
  Object.fromEntries(fields.map((field) => [field, values[field] ?? null]));

interface ChangeRow {
  id: string;
  kind: ProductKind;
  target_id: string;
  changes: Values;
  previous: Values | null;
  effective_from: string | Date;
  status: ProductChangeStatus;
  proposed_by: string;
  proposer_name: string | null;
  created_at: string | Date;
  applied_at: string | Date | null;
  cancelled_at: string | Date | null;
}

const changeColumns = sql`c.id, c.kind, c.target_id, c.changes, c.previous, c.effective_from,
  c.status, c.proposed_by, o.name as proposer_name, c.created_at, c.applied_at, c.cancelled_at`;

/** Every product's name by kind and id, for naming a change's target. */
async function targetNames(executor: Executor): Promise<Map<string, string>> {
  const found = await rows<{ kind: string; id: string; name: string }>(
    executor,
    sql`select 'savings_product' as kind, id::text as id, name from savings_products
        union all select 'commodity', id::text, name from commodities
        union all select 'fixed_income_product', id::text, name from fixed_income_products
        union all select 'real_estate_listing', id::text, name from real_estate_properties
        union all select 'advert', id::text, title from adverts`,
  );
  return new Map(found.map((row) => [`${row.kind}:${row.id}`, row.name]));
}

function toChange(row: ChangeRow, names: Map<string, string>): ProductChange {
  return {
    id: row.id,
    kind: row.kind,
    target_id: row.target_id,
    target_name: names.get(`${row.kind}:${row.target_id}`) ?? row.target_id,
    changes: row.changes,
    previous: row.previous ?? null,
    effective_from: isoTimestamp(row.effective_from),
    status: row.status,
    proposed_by: { id: row.proposed_by, name: row.proposer_name ?? '' },
    created_at: isoTimestamp(row.created_at),
    applied_at: row.applied_at === null ? null : isoTimestamp(row.applied_at),
    cancelled_at: row.cancelled_at === null ? null : isoTimestamp(row.cancelled_at),
  };
}

/**
 * Product management: the catalogue as an operator edits it, changes scheduled from a date (never
 * backwards), and the work that applies each due change once, in the order they fall due. What a
 * customer already holds keeps its terms: plans and orders copy their rate when they are made, and
 * fees and limits are read by each new operation.
 */
export function productsService(deps: {
  database: Database;
  clock: Clock;
  log: FastifyBaseLogger;
}) {
  const { database, clock, log } = deps;

  async function changeById(executor: Executor, id: string): Promise<ProductChange | null> {
    if (!uuidPattern.test(id)) return null;
    const [row] = await rows<ChangeRow>(
      executor,
      sql`select ${changeColumns} from product_changes c join operators o on o.id = c.proposed_by
           where c.id = ${id}`,
    );
    return row ? toChange(row, await targetNames(executor)) : null;
  }

  async function listChanges(status?: ProductChangeStatus): Promise<ProductChange[]> {
    const found = await rows<ChangeRow>(
      database.db,
      sql`select ${changeColumns} from product_changes c join operators o on o.id = c.proposed_by
           where (${status ?? null}::text is null or c.status = ${status ?? null})
           order by ${status === 'scheduled' ? sql`c.effective_from asc` : sql`c.created_at desc`},
             c.id
           limit 500`,
    );
    const names = await targetNames(database.db);
    return found.map((row) => toChange(row, names));
  }

  /** One due change applied in its own transaction; false when nothing was due. */
  async function applyNext(): Promise<boolean> {
    const now = clock.now();
    const [next] = await rows<{ id: string }>(
      database.db,
      sql`select id from product_changes where status = 'scheduled'
             and effective_from <= ${now.toISOString()}
           order by effective_from, created_at, id limit 1`,
    );
    if (!next) return false;
    try {
      await database.unitOfWork(async (tx) => {
        const [due] = await rows<ChangeRow>(
          tx,
          sql`select c.id, c.kind, c.target_id, c.changes, c.proposed_by from product_changes c
               where c.id = ${next.id} and c.status = 'scheduled' for update`,
        );
        if (!due) return;
        const handler = handlers[due.kind];
        const current = await handler.load(tx, due.target_id, true);
        if (!current) throw notFound(productMessages.notFound);
        const problem = handler.check?.({ ...current.values, ...due.changes });
        if (problem) throw new AppError('product_change_invalid', problem, 422);
        const previous = pick(current.values, Object.keys(due.changes));
        await handler.write(tx, due.target_id, due.changes, now);
        await tx.execute(sql`update product_changes set status = 'applied',
            applied_at = ${now.toISOString()}, previous = ${JSON.stringify(previous)}::jsonb
            where id = ${due.id}`);
        await recordAudit(tx, {
          operatorId: due.proposed_by,
          action: 'product_change.applied',
          subjectType: due.kind,
          subjectId: due.target_id,
          before: previous,
          after: due.changes,
          now,
        });
      });
    } catch (error) {
      // A change that can no longer apply (its product gone, or it conflicts with another change
      // applied before it) is set aside, recorded, and the ones after it still apply.
      const message = error instanceof Error ? error.message : String(error);
      log.warn({ err: error, change: next.id }, 'a product change could not apply');
      await database.unitOfWork(async (tx) => {
        const [due] = await rows<{ kind: string; target_id: string; proposed_by: string }>(
          tx,
          sql`update product_changes set status = 'cancelled', cancelled_at = ${now.toISOString()}
               where id = ${next.id} and status = 'scheduled'
           returning kind, target_id, proposed_by`,
        );
        if (!due) return;
        await recordAudit(tx, {
          operatorId: due.proposed_by,
          action: 'product_change.failed',
          subjectType: due.kind,
          subjectId: due.target_id,
          after: { change_id: next.id, status: 'cancelled' },
          reason: message.slice(0, 500),
          now,
        });
      });
    } finally {
      clearReadCache(database.db);
    }
    return true;
  }

  /** Applies every scheduled change whose time has come, oldest due first; answers how many. */
  async function applyDue(): Promise<number> {
    let handled = 0;
    while (await applyNext()) handled += 1;
    return handled;
  }

  /** A change just stored: applied at once when it is due now, then answered as it stands. */
  async function scheduled(id: string, effectiveFrom: Date, now: Date): Promise<ProductChange> {
    if (effectiveFrom.getTime() <= now.getTime()) await applyDue();
    const change = await changeById(database.db, id);
    if (!change) throw new Error('the product change was not found after it was stored');
    return change;
  }

  return {
    applyDue,
    listChanges,

    async catalogue(): Promise<OpsCatalogue> {
      const executor = database.db;
      const scheduledChanges = await listChanges('scheduled');
      const scheduledFor = (kind: ProductKind, id: string) =>
        scheduledChanges.filter((change) => change.kind === kind && change.target_id === id);

      const savings = await rows<{
        id: string;
        slug: string;
        name: string;
        description: string;
        currency: string;
        minimum_minor: string;
        active: boolean;
        meta: { durations?: { id: string; label: string; days: number; rate: number }[] };
      }>(
        executor,
        sql`select id, slug, name, description, currency, minimum_minor::text, active, meta
              from savings_products order by position, slug`,
      );
      const commodities = await rows<{
        id: string;
        code: string;
        name: string;
        description: string;
        unit: string;
        category_id: string;
        category_name: string;
        position: number;
        buy_price_minor: string | null;
        sell_price_minor: string | null;
      }>(
        executor,
        sql`select c.id, c.code, c.name, c.description, c.unit, c.category_id,
                   k.name as category_name, c.position, p.buy_price_minor::text,
                   p.sell_price_minor::text
              from commodities c join commodity_categories k on k.id = c.category_id
              left join lateral (select buy_price_minor, sell_price_minor from commodity_prices
                                  where commodity_id = c.id order by day desc limit 1) p on true
             order by k.position, c.position`,
      );
      const categories = await rows<{ id: string; name: string }>(
        executor,
        sql`select id, name from commodity_categories order by position`,
      );
      const fixedIncome = await rows<{
        id: string;
        slug: string;
        name: string;
        kind: string;
        issuer: string;
        description: string;
        tenor: number;
        tenor_unit: string;
        rate_bps: number;
        minimum_minor: string;
        maximum_minor: string;
        active: boolean;
        position: number;
      }>(
        executor,
        sql`select id, slug, name, kind, issuer, description, tenor, tenor_unit, rate_bps,
                   minimum_minor::text, maximum_minor::text, active, position
              from fixed_income_products order by position, slug`,
      );
      const listings = await rows<{
        id: string;
        slug: string;
        name: string;
        location: string;
        description: string;
        price_per_unit_minor: string;
        units_total: number;
        units_available: number;
        rental_yield_bps: number;
        active: boolean;
        position: number;
      }>(
        executor,
        sql`select id, slug, name, location, description, price_per_unit_minor::text,
                   units_total, units_available, rental_yield_bps, active, position
              from real_estate_properties order by position, slug`,
      );
      const adverts = await rows<{
        id: string;
        slug: string;
        title: string;
        body: string;
        cta_label: string;
        cta_path: string;
        position: number;
        active: boolean;
      }>(
        executor,
        sql`select id, slug, title, body, cta_label, cta_path, position, active from adverts
             order by position, slug`,
      );
      const fees = (await configItems(executor, 'processing_fees', false)) ?? [];
      const limits = (await configItems(executor, 'transaction_limits', false)) ?? [];
      const rates = (await configItems(executor, 'exchange_rate', false)) ?? [];

      const feeRules = fees.flatMap((item) =>
        Array.isArray(item.payment_methods)
          ? (item.payment_methods as Record<string, unknown>[]).map((method) => ({
              id: `${item.id}:${textOf(method.id, '')}`,
              currency: textOf(item.currency, 'NGN'),
              rule: method,
            }))
          : [{ id: item.id, currency: textOf(item.currency, 'NGN'), rule: item }],
      );

      return {
        savings_products: savings.map((row) => ({
          id: row.id,
          slug: row.slug,
          name: row.name,
          description: row.description,
          currency: row.currency,
          minimum: formatMinorAsDecimal(BigInt(row.minimum_minor)),
          active: row.active,
          durations: row.meta.durations ?? [],
          scheduled: scheduledFor('savings_product', row.id),
        })),
        commodities: commodities.map((row) => ({
          id: row.id,
          code: row.code,
          name: row.name,
          description: row.description,
          unit: row.unit,
          category_id: row.category_id,
          category_name: row.category_name,
          position: row.position,
          buy_price:
            row.buy_price_minor === null ? null : formatMinorAsDecimal(BigInt(row.buy_price_minor)),
          sell_price:
            row.sell_price_minor === null
              ? null
              : formatMinorAsDecimal(BigInt(row.sell_price_minor)),
          scheduled: scheduledFor('commodity', row.id),
        })),
        commodity_categories: categories,
        fixed_income_products: fixedIncome.map((row) => ({
          id: row.id,
          slug: row.slug,
          name: row.name,
          kind: row.kind,
          issuer: row.issuer,
          description: row.description,
          tenor: row.tenor,
          tenor_unit: row.tenor_unit,
          rate: percentOf(row.rate_bps),
          minimum: formatMinorAsDecimal(BigInt(row.minimum_minor)),
          maximum: formatMinorAsDecimal(BigInt(row.maximum_minor)),
          active: row.active,
          position: row.position,
          scheduled: scheduledFor('fixed_income_product', row.id),
        })),
        real_estate_listings: listings.map((row) => ({
          id: row.id,
          slug: row.slug,
          name: row.name,
          location: row.location,
          description: row.description,
          price_per_unit: formatMinorAsDecimal(BigInt(row.price_per_unit_minor)),
          units_total: row.units_total,
          units_available: row.units_available,
          rental_yield: percentOf(row.rental_yield_bps),
          active: row.active,
          position: row.position,
          scheduled: scheduledFor('real_estate_listing', row.id),
        })),
        fees: feeRules.map(({ id, currency, rule }) => ({
          id,
          currency,
          ...(feeValues(rule) as { rate: number; flat: string; cap: string | null }),
          scheduled: scheduledFor('fee', id),
        })),
        limits: limits.map((item) => ({
          id: item.id,
          currency: textOf(item.currency, 'NGN'),
          ...(limitValues(item) as {
            minimum: string;
            tiers: Tier[];
            balance_max: BalanceMax[] | null;
          }),
          scheduled: scheduledFor('limit', item.id),
        })),
        exchange_rate: rates.map((item) => ({
          id: item.id,
          base: textOf(item.base, ''),
          quote: textOf(item.quote, ''),
          buy: textOf(item.buy, ''),
          sell: textOf(item.sell, ''),
          scheduled: scheduledFor('exchange_rate', item.id),
        })),
        adverts: adverts.map((row) => ({ ...row, scheduled: scheduledFor('advert', row.id) })),
        as_of: clock.now().toISOString(),
      };
    },

    /**
     * Schedules a change from `effective_from` (a minute's grace for "now"): the target must
     * exist and the result must hold together. Applied at once when its time has already come.
     */
    async schedule(
      body: ScheduleProductChangeBody,
      who: { operatorId: string; ipAddress: string },
    ): Promise<ProductChange> {
      const now = clock.now();
      const effectiveFrom = effectiveFromOf(body.effective_from, now);
      // Parsed again by kind, so what is stored is exactly what the kind allows.
      const parsed = productChangesSchemas[body.kind].parse(body.changes) as Values;
      const changes = normalised(body.kind, parsed);
      const handler = handlers[body.kind];
      const id = await database.unitOfWork(async (tx) => {
        const current = await handler.load(tx, body.target_id, false);
        if (!current) throw notFound(productMessages.notFound);
        const problem = handler.check?.({ ...current.values, ...changes });
        if (problem) throw new AppError('product_change_invalid', problem, 422);
        if (body.kind === 'commodity' && typeof changes.category_id === 'string') {
          const [category] = await rows<{ id: string }>(
            tx,
            sql`select id from commodity_categories where id = ${changes.category_id}`,
          );
          if (!category) {
            throw new AppError('no_such_category', 'No such commodity category', 422, [
              { path: 'changes.category_id', message: 'No such commodity category' },
            ]);
          }
        }
        return insertChange(tx, {
          kind: body.kind,
          targetId: body.target_id,
          changes,
          before: pick(current.values, Object.keys(changes)),
          effectiveFrom,
          now,
          who,
        });
      });
      return scheduled(id, effectiveFrom, now);
    },

    /**
     * A new listing or advert: stored hidden, with a scheduled change that shows it from
     * `effective_from` (at once when that is now), in one transaction with both audit entries.
     */
    async create(
      body: CreateProductBody,
      who: { operatorId: string; ipAddress: string },
    ): Promise<ProductChange> {
      const now = clock.now();
      const effectiveFrom = effectiveFromOf(body.effective_from, now);
      const values = normalised(body.kind, body.values);
      const problem = handlers[body.kind].check?.(values);
      if (problem) throw new AppError('product_invalid', problem, 422);
      const id = await database.unitOfWork(async (tx) => {
        const productId = await insertHidden(tx, body.kind, values);
        await recordAudit(tx, {
          operatorId: who.operatorId,
          action: 'product.created',
          subjectType: body.kind,
          subjectId: productId,
          before: null,
          after: { ...values, active: false },
          ipAddress: who.ipAddress,
          now,
        });
        return insertChange(tx, {
          kind: body.kind,
          targetId: productId,
          changes: { active: true },
          before: { active: false },
          effectiveFrom,
          now,
          who,
        });
      });
      return scheduled(id, effectiveFrom, now);
    },

    async cancel(
      id: string,
      reason: string,
      who: { operatorId: string; ipAddress: string },
    ): Promise<ProductChange> {
      const now = clock.now();
      await database.unitOfWork(async (tx) => {
        const [found] = await rows<{
          kind: string;
          target_id: string;
          status: ProductChangeStatus;
          effective_from: string | Date;
        }>(
          tx,
          uuidPattern.test(id)
            ? sql`select kind, target_id, status, effective_from from product_changes
                   where id = ${id} for update`
            : sql`select null where false`,
        );
        if (!found) throw notFound(productMessages.changeNotFound);
        if (found.status !== 'scheduled') {
          throw conflict('product_change_not_scheduled', productMessages.notScheduled);
        }
        await tx.execute(sql`update product_changes set status = 'cancelled',
            cancelled_at = ${now.toISOString()} where id = ${id}`);
        await recordAudit(tx, {
          operatorId: who.operatorId,
          action: 'product_change.cancelled',
          subjectType: found.kind,
          subjectId: found.target_id,
          before: {
            change_id: id,
            status: 'scheduled',
            effective_from: isoTimestamp(found.effective_from),
          },
          after: { change_id: id, status: 'cancelled' },
          reason,
          ipAddress: who.ipAddress,
          now,
        });
      });
      const change = await changeById(database.db, id);
      if (!change) throw notFound(productMessages.changeNotFound);
      return change;
    },
  };
}

export type ProductsService = ReturnType<typeof productsService>;
