import { randomBytes } from 'node:crypto';
import autocannon, { type Client, type RequestOptions } from 'autocannon';
import { TRANSACTION_PIN_HEADER } from '@ajo/contracts/pin';
import type { BenchUser } from './bench-users.ts';
import { summarize, type LoadFigures } from './stats.ts';

export interface LoadOptions {
  baseUrl: string;
  users: readonly BenchUser[];
  connections: number;
  seconds: number;
  method: 'GET' | 'POST';
  path: string;
  /** The JSON body of a POST, per user. */
  body?: (user: BenchUser) => unknown;
  /** Sends a fresh `Idempotency-Key` with every request. */
  idempotent?: boolean;
}

export interface LoadResult extends LoadFigures {
  statusCodes: Record<string, number>;
  errors: number;
  timeouts: number;
}

/**
 * autocannon with `connections` keep-alive connections, each signed in as one bench user
 * (connection i is user i modulo the number of users). Latencies are those of 2xx answers.
 */
export async function runLoad(options: LoadOptions): Promise<LoadResult> {
  let nextConnection = 0;
  const latencies: number[] = [];
  let failures = 0;
  const setupClient = (client: Client) => {
    const user = options.users[nextConnection % options.users.length];
    nextConnection += 1;
    if (!user) throw new Error('no bench user for a connection');
    const headers: Record<string, string> = {
      authorization: `Bearer ${user.token}`,
      ...(options.body ? { 'content-type': 'application/json' } : {}),
      // A money POST carries the transaction PIN, as the app sends it (decision 0028).
      ...(options.idempotent ? { [TRANSACTION_PIN_HEADER]: user.pin } : {}),
    };
    const request: RequestOptions = {
      method: options.method,
      path: options.path,
      headers,
      ...(options.body ? { body: JSON.stringify(options.body(user)) } : {}),
    };
    const keyPrefix = `bench-${randomBytes(6).toString('hex')}`;
    let serial = 0;
    client.setRequests([
      options.idempotent
        ? {
            ...request,
            setupRequest: (built) => {
              serial += 1;
              return {
                ...built,
                headers: { ...headers, 'idempotency-key': `${keyPrefix}-${String(serial)}` },
              };
            },
          }
        : request,
    ]);
  };
  const instance = autocannon({
    url: options.baseUrl,
    connections: options.connections,
    duration: options.seconds,
    timeout: 10,
    setupClient,
  });
  instance.on('response', (_client: Client, statusCode: number, _bytes: number, time: number) => {
    if (statusCode >= 200 && statusCode < 300) latencies.push(time);
    else failures += 1;
  });
  const result = await instance;
  const statusCodes = Object.fromEntries(
    Object.entries(result.statusCodeStats).map(([code, stats]) => [code, stats.count]),
  );
  return {
    ...summarize(latencies, failures + result.errors, result.duration),
    statusCodes,
    errors: result.errors,
    timeouts: result.timeouts,
  };
}
