/** PostgreSQL's text form of a `timestamptz` in a UTC session: `2026-11-24 21:41:31.963+00`. */
const postgresUtc = /^(\d{4}-\d{2}-\d{2}) (\d{2}:\d{2}:\d{2})(?:\.(\d{1,6}))?\+00$/;

/**
 * A timestamp from the database as the API writes it (`toISOString`, milliseconds, `Z`). The
 * connections run in UTC, so PostgreSQL's text is rearranged instead of parsed into a Date
 * (a fifth of the cost, and a history page has twenty of them); anything else goes through Date.
 */
export function isoTimestamp(value: string | Date): string {
  if (typeof value === 'string') {
    const parts = postgresUtc.exec(value);
    if (parts) return `${parts[1]}T${parts[2]}.${(parts[3] ?? '').padEnd(3, '0').slice(0, 3)}Z`;
  }
  return new Date(value).toISOString();
}
