import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestContext } from '../support/test-app.ts';
import { databaseKind } from '../support/test-database.ts';
import { rawRequest, type RawAnswer } from '../support/sockets.ts';

/**
 * Refusals that happen before any route runs: Fastify's router (a malformed %-escape, a path
 * parameter over `maxParamLength`) and Node's HTTP parser (headers over `maxHeaderSize`, bytes
 * that are not HTTP). The parser's only happen on a real socket, so all go through one here.
 */
describe(`refusals before any route, over a real socket (${databaseKind})`, () => {
  let context: TestContext;
  let port: number;
  beforeAll(async () => {
    context = await createTestApp();
    await context.app.listen({ host: '127.0.0.1', port: 0 });
    port = (context.app.server.address() as AddressInfo).port;
  });
  afterAll(() => context.close());

  const get = (path: string, extraHeaders = '') =>
    rawRequest(
      port,
      `GET ${path} HTTP/1.1\r\nHost: localhost\r\n${extraHeaders}Connection: close\r\n\r\n`,
    );

  const expectErrorShape = (answer: RawAnswer, statusCode: number, code: string) => {
    expect(answer.statusCode).toBe(statusCode);
    expect(answer.headers['content-type']).toMatch(/^application\/json/);
    expect(JSON.parse(answer.body)).toEqual({
      message: expect.any(String) as string,
      code,
      errors: [],
    });
  };

  it('when a path parameter is longer than the router allows, then 414 in the error shape', async () => {
    expectErrorShape(await get(`/v1/transactions/${'a'.repeat(200)}`), 414, 'uri_too_long');
  });

  it('when the address has a malformed %-escape, then 400 in the error shape', async () => {
    expectErrorShape(await get('/v1/transactions/%E0%A4%A'), 400, 'malformed_url');
    expectErrorShape(await get('/v1/%zz'), 400, 'malformed_url');
  });

  it('when the headers are larger than the server accepts, then 431 in the error shape', async () => {
    const answer = await get('/v1/configurations', `Cookie: session=${'a'.repeat(20_000)}\r\n`);
    expectErrorShape(answer, 431, 'headers_too_large');
  });

  it('when the address alone is larger than the server accepts, then 431 in the error shape', async () => {
    expectErrorShape(
      await get(`/v1/configurations?q=${'a'.repeat(20_000)}`),
      431,
      'headers_too_large',
    );
  });

  it('when the bytes are not HTTP at all, then 400 in the error shape', async () => {
    expectErrorShape(await rawRequest(port, 'HELLO THERE\r\n\r\n'), 400, 'malformed_request');
  });

  it('when a refusal has been answered, then the server goes on serving', async () => {
    const answer = await get('/v1/configurations');
    expect(answer.statusCode).toBe(200);
  });
});
