import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';

/**
 * A local fake of Sudo Africa's HTTP API for the card adapter's contract tests: customers,
 * cards (create, read, update status), card tokens for the vault and account transfers, with
 * Sudo's `{ statusCode, message, data }` envelope and Bearer authentication.
 */

export interface SudoCall {
  method: string;
  path: string;
  body: Record<string, unknown> | undefined;
}

export interface SudoFake {
  baseUrl: string;
  apiKey: string;
  calls: SudoCall[];
  cards: Map<string, { status: string; account: string; customerId: string }>;
  /** The next answer of a path is this HTTP status (an outage). */
  failNext(path: string, status: number): void;
  close(): Promise<void>;
}

export async function startSudoFake(): Promise<SudoFake> {
  const apiKey = 'sudo-test-key';
  const calls: SudoCall[] = [];
  const cards = new Map<string, { status: string; account: string; customerId: string }>();
  const failures = new Map<string, number>();
  let serial = 0;
  const server = createServer((request, response) => {
    let raw = '';
    request.on('data', (chunk: Buffer) => (raw += chunk.toString('utf8')));
    request.on('end', () => {
      const path = (request.url ?? '/').split('?')[0] ?? '/';
      const body = raw ? (JSON.parse(raw) as Record<string, unknown>) : undefined;
      calls.push({ method: request.method ?? 'GET', path, body });
      const send = (status: number, payload: unknown) => {
        response.writeHead(status, { 'content-type': 'application/json' });
        response.end(JSON.stringify(payload));
      };
      const ok = (data: unknown) => {
        send(200, { statusCode: 200, message: 'ok', data });
      };
      const failure = failures.get(path);
      if (failure !== undefined) {
        failures.delete(path);
        send(failure, { statusCode: failure, message: 'Service unavailable' });
        return;
      }
      if (request.headers.authorization !== `Bearer ${apiKey}`) {
        send(401, { statusCode: 401, message: 'Unauthorized' });
        return;
      }
      const cardMatch = /^\/cards\/([^/]+)(\/token)?$/.exec(path);
      if (request.method === 'POST' && path === '/customers') {
        serial += 1;
        ok({ _id: `cus_${String(serial)}`, name: body?.name, status: 'active' });
      } else if (request.method === 'POST' && path === '/cards') {
        if (body?.currency !== 'USD' || typeof body.customerId !== 'string') {
          send(400, { statusCode: 400, message: 'customerId and currency are required' });
          return;
        }
        serial += 1;
        const id = `card_${String(serial)}`;
        cards.set(id, {
          status: 'active',
          account: `acc_${String(serial)}`,
          customerId: body.customerId,
        });
        ok({
          _id: id,
          maskedPan: `408408******${String(4000 + serial)}`,
          expiryMonth: '9',
          expiryYear: '29',
          brand: 'Visa',
          currency: 'USD',
          account: { _id: `acc_${String(serial)}` },
        });
      } else if (cardMatch?.[1] && cards.has(cardMatch[1])) {
        const card = cards.get(cardMatch[1]);
        if (!card) return;
        if (cardMatch[2] && request.method === 'GET') {
          ok({ token: `tok_${cardMatch[1]}_${String(Date.now())}` });
        } else if (request.method === 'PUT') {
          card.status = String(body?.status);
          ok({ _id: cardMatch[1], status: card.status });
        } else {
          ok({
            _id: cardMatch[1],
            maskedPan: '408408******4001',
            expiryMonth: '09',
            expiryYear: '2029',
            account: card.account,
            status: card.status,
          });
        }
      } else if (request.method === 'POST' && path === '/accounts/transfer') {
        ok({ _id: `trf_${String(calls.length)}`, status: 'completed' });
      } else {
        send(404, { statusCode: 404, message: 'Not found' });
      }
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    baseUrl: `http://127.0.0.1:${String(port)}`,
    apiKey,
    calls,
    cards,
    failNext: (path, status) => failures.set(path, status),
    close: () =>
      new Promise((resolve) =>
        server.close(() => {
          resolve();
        }),
      ),
  };
}
