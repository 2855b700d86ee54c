import { asc, eq } from 'drizzle-orm';
import type { Configuration } from '@ajo/contracts/configurations';
import { configurations } from '../db/schema.ts';
import { databaseOf, type Executor } from './db.ts';

export async function listConfigurations(
  executor: Executor,
  name?: string,
): Promise<Configuration[]> {
  const found = await executor
    .select({ name: configurations.name, value: configurations.value })
    .from(configurations)
    .where(name ? eq(configurations.name, name) : undefined)
    .orderBy(asc(configurations.name));
  return found.map((row) => ({ name: row.name, value: row.value as Configuration['value'] }));
}

/** How long a configuration read by the money paths is reused; an operator's change lands within it. */
export const configurationCacheMs = 5_000;

const cache = new WeakMap<
  object,
  Map<string, { until: number; value: Promise<Configuration | undefined> }>
>();

/**
 * One configuration by name, reused for `configurationCacheMs` per database (limits and fees are
 * read on every money-moving request and change rarely). A miss is read through `executor`, so
 * inside a transaction it uses that transaction's connection. Concurrent misses share one read; a
 * failed read is not kept.
 */
export function cachedConfiguration(
  executor: Executor,
  name: string,
): Promise<Configuration | undefined> {
  const owner = databaseOf(executor);
  let entries = cache.get(owner);
  if (!entries) {
    entries = new Map();
    cache.set(owner, entries);
  }
  const now = performance.now();
  const hit = entries.get(name);
  if (hit && hit.until > now) return hit.value;
  const value = listConfigurations(executor, name).then((found) => found[0]);
  const entry = { until: now + configurationCacheMs, value };
  entries.set(name, entry);
  value.catch(() => {
    if (entries.get(name) === entry) entries.delete(name);
  });
  return value;
}
