import { asc, eq } from 'drizzle-orm';
import type { Configuration } from '@ajo/contracts/configurations';
import { configurations } from '../../db/schema.ts';
import type { Executor } from '../../platform/db.ts';

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
