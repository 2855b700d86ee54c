import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { AppError } from '../../src/platform/errors.ts';
import { createTestApp, type TestContext } from '../support/test-app.ts';

const probeRoutes: FastifyPluginAsyncZod = async (app) => {
  app.post(
    '/v1/probe',
    {
      schema: {
        body: z.strictObject({ name: z.string().min(2), count: z.number().int().positive() }),
      },
    },
    async (request) => ({ message: 'ok', data: request.body }),
  );
  app.get('/v1/probe/broken', async () => {
    throw new Error('connection string postgres://secret@db leaked');
  });
  app.get('/v1/probe/domain', async () => {
    throw new AppError('plan_locked', 'This plan is locked until 1 March 2027', 409);
  });
};

const expectErrorShape = (body: unknown) => {
  expect(body).toEqual({
    message: expect.any(String) as string,
    code: expect.any(String) as string,
    errors: expect.any(Array) as unknown[],
  });
};

describe('the one error shape', () => {
  let context: TestContext;
  beforeAll(async () => {
    context = await createTestApp({
      env: { BODY_LIMIT_BYTES: '1024' },
      configure: (app) => void app.register(probeRoutes),
    });
  });
  afterAll(() => context.close());

  const post = (payload: string, contentType = 'application/json') =>
    context.app.inject({
      method: 'POST',
      url: '/v1/probe',
      headers: { 'content-type': contentType },
      payload,
    });

  it('when a /v1 path does not exist, then it answers 404 in the error shape', async () => {
    const response = await context.app.inject({ method: 'GET', url: '/v1/nope' });
    expect(response.statusCode).toBe(404);
    expectErrorShape(response.json());
    expect(response.json()).toMatchObject({ code: 'not_found' });
  });

  it('when the body is malformed JSON, then it answers 400 malformed_json', async () => {
    const response = await post('{"name": "Ada",');
    expect(response.statusCode).toBe(400);
    expect(response.json()).toEqual({
      message: 'The request body is not valid JSON',
      code: 'malformed_json',
      errors: [],
    });
  });

  it('when a field has the wrong type, then it answers 400 naming the field', async () => {
    const response = await post(JSON.stringify({ name: 'Ada', count: 'three' }));
    expect(response.statusCode).toBe(400);
    const body = response.json<{ code: string; errors: { path: string }[]; message: string }>();
    expectErrorShape(body);
    expect(body.code).toBe('validation_failed');
    expect(body.errors[0]?.path).toBe('count');
    expect(body.message).toBe('Count must be a number');
  });

  it('when a field is missing, then it answers 400 naming the field', async () => {
    const response = await post(JSON.stringify({ name: 'Ada' }));
    expect(response.statusCode).toBe(400);
    expect(response.json<{ errors: { path: string }[] }>().errors[0]?.path).toBe('count');
  });

  it('when the body has an unknown field, then it answers 400', async () => {
    const response = await post(JSON.stringify({ name: 'Ada', count: 1, role: 'admin' }));
    expect(response.statusCode).toBe(400);
    expect(response.json<{ message: string }>().message).toBe('The field "role" is not accepted');
  });

  it('when the body is too large, then it answers 413', async () => {
    const response = await post(JSON.stringify({ name: 'x'.repeat(5000), count: 1 }));
    expect(response.statusCode).toBe(413);
    expect(response.json()).toMatchObject({ code: 'payload_too_large' });
  });

  it('when the body is not JSON at all, then it answers 415', async () => {
    const response = await post('name=Ada', 'application/x-www-form-urlencoded');
    expect(response.statusCode).toBe(415);
    expectErrorShape(response.json());
  });

  it('when the body is empty, then it answers 400', async () => {
    const response = await post('');
    expect(response.statusCode).toBe(400);
    expectErrorShape(response.json());
  });

  it('when domain code throws an AppError, then its status, code and message go out', async () => {
    const response = await context.app.inject({ method: 'GET', url: '/v1/probe/domain' });
    expect(response.statusCode).toBe(409);
    expect(response.json()).toEqual({
      message: 'This plan is locked until 1 March 2027',
      code: 'plan_locked',
      errors: [],
    });
  });

  it('when something unexpected breaks, then it answers 500 without internals', async () => {
    const response = await context.app.inject({ method: 'GET', url: '/v1/probe/broken' });
    expect(response.statusCode).toBe(500);
    const body = response.json<{ message: string; code: string }>();
    expect(body.code).toBe('internal_error');
    expect(body.message).not.toMatch(/postgres|secret/);
    expect(body.message).toContain(response.headers['x-request-id'] as string);
  });

  it('when a request succeeds, then it carries a request id and no-store', async () => {
    const response = await post(JSON.stringify({ name: 'Ada', count: 2 }));
    expect(response.statusCode).toBe(200);
    expect(response.headers['x-request-id']).toEqual(expect.any(String));
    expect(response.headers['cache-control']).toBe('no-store');
  });
});
