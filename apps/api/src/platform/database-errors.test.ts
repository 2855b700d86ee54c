import { DrizzleQueryError } from 'drizzle-orm/errors';
import postgres from 'postgres';
import { describe, expect, it } from 'vitest';
import { isDatabaseUnreachable } from './database-errors.ts';
import { AppError } from './errors.ts';

const coded = (code: string, message = code) => Object.assign(new Error(message), { code });

/** What postgres.js throws for an error the server sent (it copies the server's fields on). */
const serverError = (code: string, message: string) =>
  new (postgres.PostgresError as unknown as new (fields: object) => Error)({
    severity: 'FATAL',
    code,
    message,
  });

const viaDrizzle = (cause: Error) => new DrizzleQueryError('select 1', [], cause);

describe('recognising a database that cannot be reached', () => {
  it.each([
    ['the server refused the connection (through drizzle)', viaDrizzle(coded('ECONNREFUSED'))],
    ['the connection was reset (through drizzle)', viaDrizzle(coded('ECONNRESET'))],
    ['postgres.js lost the connection', coded('CONNECTION_CLOSED')],
    ['postgres.js was ended', coded('CONNECTION_ENDED')],
    ['postgres.js gave up connecting', viaDrizzle(coded('CONNECT_TIMEOUT'))],
    ['an administrator shut the server down', serverError('57P01', 'terminating connection')],
    ['the server is starting up', serverError('57P03', 'the database system is starting up')],
    ['the server has too many connections', serverError('53300', 'too many clients already')],
    ['a connection exception (class 08)', viaDrizzle(serverError('08006', 'connection failure'))],
    [
      'the database does not accept connections',
      serverError('55000', 'database "ajo" is not currently accepting connections'),
    ],
  ])('when %s, then it is unreachable', (_case, error) => {
    expect(isDatabaseUnreachable(error)).toBe(true);
  });

  it.each([
    ['a unique violation', viaDrizzle(serverError('23505', 'duplicate key value'))],
    ['another 55000 error', serverError('55000', 'currval of sequence is not yet defined')],
    [
      'a vendor call refused (fetch)',
      new TypeError('fetch failed', { cause: coded('ECONNREFUSED') }),
    ],
    ['a domain refusal', new AppError('plan_locked', 'This plan is locked', 409)],
    ['a plain programming error', new Error('undefined is not a function')],
    ['something that is not an error', { code: 'ECONNREFUSED' }],
  ])('when %s, then it is not', (_case, error) => {
    expect(isDatabaseUnreachable(error)).toBe(false);
  });
});
