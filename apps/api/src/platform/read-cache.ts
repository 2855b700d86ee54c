import { databaseOf, type Executor } from './db.ts';

/** How long a catalogue read on the money paths is reused; an operator's change lands within it. */
export const readCacheMs = 5_000;

const cache = new WeakMap<object, Map<string, { until: number; value: Promise<unknown> }>>();

/**
 * A small catalogue that every money-moving request reads and an operator rarely changes (limits,
 * fees, billers), reused for `readCacheMs` per database under `key`. A miss is read through
 * `executor`, so inside a transaction it uses that transaction's connection. Concurrent misses
 * share one read; a failed read is not kept.
 */
export function cachedRead<T>(
  executor: Executor,
  key: string,
  read: (executor: Executor) => Promise<T>,
): Promise<T> {
  const owner = databaseOf(executor);
  let entries = cache.get(owner);
  if (!entries) {
    entries = new Map();
    cache.set(owner, entries);
  }
  const now = performance.now();
  const hit = entries.get(key);
  if (hit && hit.until > now) return hit.value as Promise<T>;
  const value = read(executor);
  const entry = { until: now + readCacheMs, value };
  entries.set(key, entry);
  value.catch(() => {
    if (entries.get(key) === entry) entries.delete(key);
  });
  return value;
}

/**
 * Forgets every catalogue read kept for `executor`'s database, so an operator's change that has
 * just applied is what the next request reads (not one up to `readCacheMs` old).
 */
export function clearReadCache(executor: Executor): void {
  cache.delete(databaseOf(executor));
}
