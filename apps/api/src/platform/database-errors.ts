import { DrizzleQueryError } from 'drizzle-orm/errors';

/** postgres.js's own codes for a connection it lost, closed, or could not open in time. */
const driverConnectionCodes = new Set([
  'CONNECTION_CLOSED',
  'CONNECTION_ENDED',
  'CONNECTION_DESTROYED',
  'CONNECT_TIMEOUT',
]);

/** The socket's codes when the server is gone, refuses, or cannot be found. */
const socketCodes = new Set([
  'ECONNREFUSED',
  'ECONNRESET',
  'ETIMEDOUT',
  'EPIPE',
  'EHOSTUNREACH',
  'ENETUNREACH',
  'ENOTFOUND',
  'EAI_AGAIN',
]);

/**
 * SQLSTATEs of a server that is there but will not serve us now: admin, crash and start-up
 * shutdowns, too many connections. Class 08 (connection exception) is matched as a class.
 */
const unavailableStates = new Set(['57P01', '57P02', '57P03', '53300']);

/** How deep to follow `cause`: drizzle wraps the driver's error once. */
const maxCauseDepth = 5;

interface CodedError {
  code?: unknown;
  message?: unknown;
  severity?: unknown;
  query?: unknown;
  cause?: unknown;
}

/**
 * Whether an error means the database cannot be reached (the server is down, restarting, refusing
 * connections, or the connection broke), as opposed to a statement that failed. Such an error says
 * nothing about the request, so it is answered 503 and the client may try again; the pool
 * reconnects by itself. Socket codes count only when they come from the database (drizzle wrapped
 * them, or postgres.js marked the query on them), never from a call to a vendor's API.
 */
export function isDatabaseUnreachable(error: unknown): boolean {
  let current: unknown = error;
  let fromDatabase = false;
  for (let depth = 0; depth < maxCauseDepth && current instanceof Error; depth += 1) {
    const coded = current as CodedError;
    fromDatabase ||= current instanceof DrizzleQueryError || 'query' in current;
    if (typeof coded.code === 'string') {
      if (driverConnectionCodes.has(coded.code)) return true;
      if (fromDatabase && socketCodes.has(coded.code)) return true;
      if (typeof coded.severity === 'string' && refusesService(coded.code, coded.message)) {
        return true;
      }
    }
    current = coded.cause;
  }
  return false;
}

/** A PostgreSQL error whose SQLSTATE says the server is not serving, not that the SQL failed. */
function refusesService(sqlState: string, message: unknown): boolean {
  if (sqlState.startsWith('08') || unavailableStates.has(sqlState)) return true;
  // `ALTER DATABASE … ALLOW_CONNECTIONS false` answers 55000, a class shared with ordinary errors.
  return (
    sqlState === '55000' &&
    typeof message === 'string' &&
    message.includes('not currently accepting connections')
  );
}
