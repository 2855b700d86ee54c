import path from 'node:path';

/** The SQL migrations drizzle-kit writes (`npm run db:generate`), applied in journal order. */
export const migrationsFolder = path.resolve(import.meta.dirname, 'migrations');
