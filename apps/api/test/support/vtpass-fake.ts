import { createServer, type IncomingHttpHeaders } from 'node:http';
import type { AddressInfo } from 'node:net';

/**
 * A local fake of VTpass's HTTP API (https://www.vtpass.com/documentation), for the adapter's
 * contract tests: `POST /api/pay`, `POST /api/requery`, `POST /api/merchant-verify` and
 * `GET /api/service-variations`, with VTpass's headers, codes and its sandbox's test values:
 * phone 08011111111 delivers, 201000000000 stays pending, 300000000000 never answers in time,
 * any other phone fails; meters 1111111111111 (prepaid) and 1010101010101 (postpaid) verify.
 */

export interface FakePurchase {
  request_id: string;
  serviceID: string;
  billersCode: string | null;
  variation_code: string | null;
  amount: string;
  phone: string;
  status: 'initiated' | 'pending' | 'delivered' | 'failed' | 'reversed';
  transactionId: string;
}

export interface RecordedCall {
  method: string;
  path: string;
  headers: IncomingHttpHeaders;
  body: unknown;
}

export const fakeKeys = { apiKey: 'api-key-123', secretKey: 'SK_secret', publicKey: 'PK_public' };

const meters: Record<string, { type: string; name: string; address: string }> = {
  '1111111111111': { type: 'prepaid', name: 'TESTMETER1', address: 'ABULE - EGBA BU ABULE' },
  '1010101010101': { type: 'postpaid', name: 'TESTMETER2', address: '12 ALLEN AVENUE, IKEJA' },
};

export interface VtpassFake {
  baseUrl: string;
  calls: RecordedCall[];
  purchases: Map<string, FakePurchase>;
  /** How long a "timeout" purchase keeps its answer back. */
  slowMs: number;
  /** The next answer of a path is this HTTP status with a short body (an outage). */
  failNext(path: string, status: number): void;
  /** The next answer of a path is this body with HTTP 200 (a response code to be read). */
  answerNext(path: string, body: unknown): void;
  close(): Promise<void>;
}

const answerOf = (purchase: FakePurchase, code = '000') => ({
  code,
  content: {
    transactions: {
      status: purchase.status,
      product_name: `${purchase.serviceID} purchase`,
      unique_element: purchase.billersCode ?? purchase.phone,
      unit_price: purchase.amount,
      quantity: 1,
      channel: 'api',
      type: 'Bill payment',
      phone: purchase.phone,
      amount: purchase.amount,
      transactionId: purchase.transactionId,
    },
  },
  response_description:
    purchase.status === 'failed' ? 'TRANSACTION FAILED' : 'TRANSACTION SUCCESSFUL',
  requestId: purchase.request_id,
  amount: purchase.amount,
  transaction_date: new Date().toISOString(),
  purchased_code:
    purchase.status === 'delivered' && purchase.variation_code === 'prepaid'
      ? 'Token : 4242 4242 4242 4242 4242'
      : '',
  ...(purchase.status === 'delivered' && purchase.variation_code === 'prepaid'
    ? { mainToken: '42424242424242424242', mainTokenUnits: 73.05, units: '73.05' }
    : {}),
});

export async function startVtpassFake(): Promise<VtpassFake> {
  const calls: RecordedCall[] = [];
  const purchases = new Map<string, FakePurchase>();
  const failures = new Map<string, number>();
  const answers = new Map<string, unknown>();
  let sequence = 17_000_000_000;
  const fake = { slowMs: 2_000 };

  const server = createServer((request, response) => {
    let raw = '';
    request.on('data', (chunk: Buffer) => (raw += chunk.toString()));
    request.on('end', () => {
      void (async () => {
        const url = new URL(request.url ?? '/', 'http://fake');
        let body: unknown;
        try {
          body = raw === '' ? undefined : JSON.parse(raw);
        } catch {
          body = raw;
        }
        calls.push({
          method: request.method ?? '',
          path: url.pathname,
          headers: request.headers,
          body,
        });
        const send = (status: number, payload: unknown) => {
          response.writeHead(status, { 'content-type': 'application/json' });
          response.end(typeof payload === 'string' ? payload : JSON.stringify(payload));
        };
        const failure = failures.get(url.pathname);
        if (failure !== undefined) {
          failures.delete(url.pathname);
          send(failure, '<html>Bad Gateway</html>');
          return;
        }
        if (answers.has(url.pathname)) {
          const answer = answers.get(url.pathname);
          answers.delete(url.pathname);
          send(200, answer);
          return;
        }
        const isPost = request.method === 'POST';
        const signed =
          request.headers['api-key'] === fakeKeys.apiKey &&
          (isPost
            ? request.headers['secret-key'] === fakeKeys.secretKey
            : request.headers['public-key'] === fakeKeys.publicKey);
        if (!signed) {
          send(401, { code: '087', response_description: 'INVALID CREDENTIALS' });
          return;
        }
        const input = (body ?? {}) as Record<string, string | undefined>;
        switch (`${request.method ?? ''} ${url.pathname}`) {
          case 'GET /api/service-variations': {
            const serviceId = url.searchParams.get('serviceID') ?? '';
            if (serviceId !== 'mtn-data') {
              send(200, { response_description: '012', content: { errors: 'no such service' } });
              return;
            }
            send(200, {
              response_description: '000',
              content: {
                ServiceName: 'MTN Data',
                serviceID: 'mtn-data',
                convinience_fee: '0 %',
                varations: [
                  {
                    variation_code: 'mtn-10mb-100',
                    name: 'N100 100MB - 24 hrs',
                    variation_amount: '100.00',
                    fixedPrice: 'Yes',
                  },
                  {
                    variation_code: 'mtn-50mb-200',
                    name: 'N200 200MB - 2 days',
                    variation_amount: '200.00',
                    fixedPrice: 'Yes',
                  },
                ],
              },
            });
            return;
          }
          case 'POST /api/merchant-verify': {
            const meter = meters[input.billersCode ?? ''];
            if (!meter || meter.type !== input.type) {
              send(200, {
                code: '000',
                content: {
                  error: 'This meter is not correct or is not a valid meter',
                  WrongBillersCode: true,
                },
              });
              return;
            }
            send(200, {
              code: '000',
              content: {
                Customer_Name: meter.name,
                Address: meter.address,
                Meter_Number: input.billersCode,
                Meter_Type: meter.type.toUpperCase(),
                WrongBillersCode: false,
              },
            });
            return;
          }
          case 'POST /api/pay': {
            const requestId = input.request_id ?? '';
            if (!/^\d{12}/.test(requestId)) {
              send(200, { code: '011', response_description: 'INVALID ARGUMENTS' });
              return;
            }
            if (purchases.has(requestId)) {
              send(200, { code: '014', response_description: 'REQUEST ID ALREADY EXIST' });
              return;
            }
            const phone = input.phone ?? '';
            const meter = meters[input.billersCode ?? ''];
            const status: FakePurchase['status'] =
              phone === '08011111111' || meter
                ? 'delivered'
                : phone === '201000000000' || phone === '300000000000'
                  ? 'pending'
                  : 'failed';
            sequence += 1;
            const purchase: FakePurchase = {
              request_id: requestId,
              serviceID: input.serviceID ?? '',
              billersCode: input.billersCode ?? null,
              variation_code: input.variation_code ?? null,
              amount: input.amount ?? '',
              phone,
              status,
              transactionId: String(sequence),
            };
            purchases.set(requestId, purchase);
            if (phone === '300000000000') {
              await new Promise((resolve) => setTimeout(resolve, fake.slowMs));
            }
            if (status === 'failed') {
              send(200, {
                ...answerOf(purchase, '016'),
                response_description: 'TRANSACTION FAILED',
              });
              return;
            }
            send(200, answerOf(purchase, status === 'pending' ? '099' : '000'));
            return;
          }
          case 'POST /api/requery': {
            const purchase = purchases.get(input.request_id ?? '');
            if (!purchase) {
              send(200, { code: '015', response_description: 'INVALID REQUEST ID' });
              return;
            }
            send(200, answerOf(purchase));
            return;
          }
          default:
            send(404, { code: '404', response_description: 'NOT FOUND' });
        }
      })();
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return Object.assign(fake, {
    baseUrl: `http://127.0.0.1:${String(port)}/api`,
    calls,
    purchases,
    failNext: (path: string, status: number) => failures.set(path, status),
    answerNext: (path: string, body: unknown) => answers.set(path, body),
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => {
          resolve();
        });
      }),
  });
}
