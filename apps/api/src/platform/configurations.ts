import { asc, eq } from 'drizzle-orm';
import type { Configuration } from '@ajo/contracts/configurations';
import { configurations } from '../db/schema.ts';
import type { Executor } from './db.ts';
import { cachedRead } from './read-cache.ts';

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

/**
 * One configuration by name, reused for a few seconds per database (limits and fees are read on
 * every money-moving request and change rarely; `cachedRead`).
 */
export function cachedConfiguration(
  executor: Executor,
  name: string,
): Promise<Configuration | undefined> {
  return cachedRead(executor, `configuration:${name}`, async (reader) => {
    const [found] = await listConfigurations(reader, name);
    return found;
  });
}
