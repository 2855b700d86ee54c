import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import {
  API_TIMEOUT_MS,
  ApiError,
  CLIENT_HEADER_NAME,
  CLIENT_HEADER_VALUE,
  api,
  apiRequest,
  isPinRefusal,
  setUnauthorizedHandler,
} from './api-client.ts';
import { lagosToday } from './dates.ts';
import { noteServerTime } from './server-clock.ts';

const fetchMock = vi.fn<typeof fetch>();

function jsonResponse(status: number, body: unknown): Response {
  return new Response(JSON.stringify(body), {
    status,
    headers: { 'Content-Type': 'application/json' },
  });
}

/** A fetch that never answers on its own, only rejects when its signal aborts, like the real one. */
function hangingFetch(): typeof fetch {
  return (_input, init) =>
    new Promise<Response>((_resolve, reject) => {
      init?.signal?.addEventListener('abort', () => {
        reject(new DOMException('The operation was aborted.', 'AbortError'));
      });
    });
}

async function captureError(promise: Promise<unknown>): Promise<ApiError> {
  try {
    await promise;
  } catch (error) {
    if (error instanceof ApiError) return error;
    throw new Error('expected an ApiError', { cause: error });
  }
  throw new Error('expected the request to fail');
}

function lastRequest(): { url: string; init: RequestInit } {
  const call = fetchMock.mock.calls.at(-1);
  if (!call) throw new Error('fetch was not called');
  const [input, init] = call;
  if (typeof input !== 'string' || !init) throw new Error('unexpected fetch arguments');
  return { url: input, init };
}

beforeEach(() => {
  fetchMock.mockReset();
  vi.stubGlobal('fetch', fetchMock);
});

afterEach(() => {
  vi.useRealTimers();
  vi.unstubAllGlobals();
  setUnauthorizedHandler(null);
});

describe('apiRequest', () => {
  it('when the server answers with an envelope, then it returns the data inside it', async () => {
    fetchMock.mockResolvedValue(
      jsonResponse(200, { message: 'operation was successful', data: { balance: '5000.00' } }),
    );

    const data = await api.get<{ balance: string }>('/wallets');

    expect(data).toEqual({ balance: '5000.00' });
  });

  it('when an answer carries the server’s time, then "today" follows the server’s clock', async () => {
    const ahead = new Date(Date.now() + 5 * 86_400_000);
    fetchMock.mockResolvedValue(
      new Response(JSON.stringify({ message: 'ok', data: {} }), {
        status: 200,
        headers: { 'Content-Type': 'application/json', 'X-Server-Time': ahead.toISOString() },
      }),
    );

    await api.get('/wallets');

    expect(lagosToday()).toBe(lagosToday(ahead));
    noteServerTime(new Date().toISOString());
  });

  it('when a success message is expected and another arrives, then it is not a success', async () => {
    fetchMock.mockResolvedValue(jsonResponse(200, { message: 'queued', data: null }));
    await expect(
      api.delete('/bank_accounts/1', { expectMessage: 'operation was successful' }),
    ).rejects.toMatchObject({ code: 'not_confirmed' });
    fetchMock.mockResolvedValue(
      jsonResponse(200, { message: 'operation was successful', data: null }),
    );
    await expect(
      api.delete('/bank_accounts/1', { expectMessage: 'operation was successful' }),
    ).resolves.toBeNull();
  });

  it('when a schema is given and the data matches, then it returns the parsed data', async () => {
    fetchMock.mockResolvedValue(jsonResponse(200, { message: 'ok', data: { count: 2 } }));
    const schema = {
      parse: (input: unknown) => {
        if (typeof input === 'object' && input !== null && 'count' in input) {
          return { count: Number(input.count) };
        }
        throw new Error('bad shape');
      },
    };

    await expect(api.get('/things', { schema })).resolves.toEqual({ count: 2 });
  });

  it('when a schema rejects the data, then it throws an invalid-response error', async () => {
    fetchMock.mockResolvedValue(jsonResponse(200, { message: 'ok', data: { nope: true } }));
    const schema = {
      parse: (): never => {
        throw new Error('bad shape');
      },
    };

    const error = await captureError(api.get('/things', { schema }));

    expect(error.code).toBe('INVALID_RESPONSE');
    expect(error.status).toBe(200);
  });

  it('when the schema is lazy, then it is loaded only for a successful answer', async () => {
    const loadSchema = vi.fn(() =>
      Promise.resolve({ parse: (input: unknown) => ({ parsed: input }) }),
    );
    fetchMock.mockResolvedValueOnce(jsonResponse(401, { code: 'unauthenticated', message: 'no' }));
    await captureError(api.get('/accounts', { schema: loadSchema }));
    expect(loadSchema).not.toHaveBeenCalled();

    fetchMock.mockResolvedValueOnce(jsonResponse(200, { message: 'ok', data: 7 }));
    await expect(api.get('/accounts', { schema: loadSchema })).resolves.toEqual({ parsed: 7 });
    expect(loadSchema).toHaveBeenCalledTimes(1);
  });

  it('when the response has no body, then it resolves to undefined', async () => {
    fetchMock.mockResolvedValue(new Response(null, { status: 204 }));

    await expect(api.delete('/bank-accounts/1')).resolves.toBeUndefined();
  });

  it('when a request is sent, then it goes to /v1 with the client header, cookies and JSON', async () => {
    fetchMock.mockResolvedValue(jsonResponse(201, { message: 'ok', data: null }));

    await api.post('/savings/fixed', { amount: '5000.00' }, { query: { page: 2, q: undefined } });

    const { url, init } = lastRequest();
    const headers = new Headers(init.headers);
    expect(url).toBe('/v1/savings/fixed?page=2');
    expect(init.method).toBe('POST');
    expect(init.credentials).toBe('same-origin');
    expect(init.body).toBe(JSON.stringify({ amount: '5000.00' }));
    expect(headers.get(CLIENT_HEADER_NAME)).toBe(CLIENT_HEADER_VALUE);
    expect(headers.get('Content-Type')).toBe('application/json');
  });

  it('when a GET is sent, then it still carries the client header and no body', async () => {
    fetchMock.mockResolvedValue(jsonResponse(200, { message: 'ok', data: [] }));

    await api.get('/banks');

    const { init } = lastRequest();
    expect(new Headers(init.headers).get(CLIENT_HEADER_NAME)).toBe(CLIENT_HEADER_VALUE);
    expect(new Headers(init.headers).has('Content-Type')).toBe(false);
    expect(init.body).toBeNull();
  });

  it('when the server answers with an error body, then its message, code and errors are kept', async () => {
    fetchMock.mockResolvedValue(
      jsonResponse(422, {
        message: 'must be at least 2,000 naira',
        code: 'VALIDATION_FAILED',
        errors: [{ path: 'amount', message: 'Must be at least 2,000 naira' }, 'junk'],
      }),
    );

    const error = await captureError(api.post('/savings/target', { amount: 10 }));

    expect(error).toBeInstanceOf(ApiError);
    expect(error.status).toBe(422);
    expect(error.code).toBe('VALIDATION_FAILED');
    expect(error.message).toBe('Must be at least 2,000 naira');
    expect(error.errors).toEqual([{ path: 'amount', message: 'Must be at least 2,000 naira' }]);
  });

  it('when an error response is not JSON, then a generic status message is used', async () => {
    fetchMock.mockResolvedValue(new Response('<html>Bad gateway</html>', { status: 502 }));

    const error = await captureError(api.get('/wallets'));

    expect(error.status).toBe(502);
    expect(error.code).toBe('HTTP_502');
    expect(error.message).toBe('Request failed with status code 502');
    expect(error.errors).toEqual([]);
  });

  it.each([404, 429])(
    'when the server answers %i, then it is an ordinary error and the session is kept',
    async (status) => {
      const onUnauthorized = vi.fn();
      setUnauthorizedHandler(onUnauthorized);
      fetchMock.mockResolvedValue(jsonResponse(status, { message: 'nope', code: 'X' }));

      const error = await captureError(api.get('/anything'));

      expect(error.status).toBe(status);
      expect(onUnauthorized).not.toHaveBeenCalled();
    },
  );

  it('when the server answers 401, then the unauthorized handler runs and the error is thrown', async () => {
    const onUnauthorized = vi.fn();
    setUnauthorizedHandler(onUnauthorized);
    fetchMock.mockResolvedValue(
      jsonResponse(401, { message: 'session expired', code: 'UNAUTHENTICATED' }),
    );

    const error = await captureError(api.get('/accounts/me'));

    expect(error.status).toBe(401);
    expect(error.message).toBe('Session expired');
    expect(onUnauthorized).toHaveBeenCalledOnce();
    expect(onUnauthorized).toHaveBeenCalledWith(error);
  });

  it('when a wrong transaction PIN answers 403, then it reads as a PIN refusal and the session is left alone', async () => {
    const onUnauthorized = vi.fn();
    setUnauthorizedHandler(onUnauthorized);
    fetchMock.mockResolvedValue(
      jsonResponse(403, {
        message: 'Wrong PIN. 3 tries left before your PIN locks',
        code: 'pin_incorrect',
        errors: [{ path: 'pin', message: 'Wrong PIN. 3 tries left before your PIN locks' }],
      }),
    );

    const error = await captureError(
      api.post('/wallets/withdraw', {}, { headers: { 'x-transaction-pin': '4826' } }),
    );

    expect(lastRequest().init.headers).toBeInstanceOf(Headers);
    expect(new Headers(lastRequest().init.headers).get('x-transaction-pin')).toBe('4826');
    expect(isPinRefusal(error)).toBe(true);
    expect(error.message).toBe('Wrong PIN. 3 tries left before your PIN locks');
    expect(onUnauthorized).not.toHaveBeenCalled();
  });

  it('when the unauthorized handler was removed, then a 401 calls nothing', async () => {
    const onUnauthorized = vi.fn();
    const remove = setUnauthorizedHandler(onUnauthorized);
    remove();
    fetchMock.mockResolvedValue(jsonResponse(401, { message: 'session expired' }));

    await captureError(api.get('/accounts/me'));

    expect(onUnauthorized).not.toHaveBeenCalled();
  });

  it('when fetch itself fails, then it throws "Network Error" with status 0', async () => {
    fetchMock.mockRejectedValue(new TypeError('Failed to fetch'));

    const error = await captureError(api.get('/wallets'));

    expect(error.status).toBe(0);
    expect(error.code).toBe('NETWORK_ERROR');
    expect(error.message).toBe('Network Error');
  });

  it('when the server does not answer within 90 s, then it aborts with the timeout message', async () => {
    vi.useFakeTimers();
    fetchMock.mockImplementation(hangingFetch());

    const pending = captureError(api.get('/wallets'));
    await vi.advanceTimersByTimeAsync(API_TIMEOUT_MS - 1);
    expect(lastRequest().init.signal?.aborted).toBe(false);
    await vi.advanceTimersByTimeAsync(1);
    const error = await pending;

    expect(error.code).toBe('TIMEOUT');
    expect(error.message).toBe('timeout of 90000ms exceeded');
    expect(error.status).toBe(0);
  });

  it('when the caller cancels, then it throws "Request aborted"', async () => {
    fetchMock.mockImplementation(hangingFetch());
    const controller = new AbortController();

    const pending = captureError(apiRequest('/wallets', { signal: controller.signal }));
    controller.abort();
    const error = await pending;

    expect(error.code).toBe('REQUEST_ABORTED');
    expect(error.message).toBe('Request aborted');
  });

  it('when the request finishes, then its timeout timer is cleared', async () => {
    vi.useFakeTimers();
    fetchMock.mockResolvedValue(jsonResponse(200, { message: 'ok', data: 1 }));

    await api.get('/wallets');

    expect(vi.getTimerCount()).toBe(0);
  });
});
