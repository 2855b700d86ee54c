import { STATUS_CODES } from 'node:http';
import type { Socket } from 'node:net';
import type { ConnectionError } from 'fastify';
import type { ErrorBody } from './error-handler.ts';

/** Node's parser codes we answer with something more specific than 400. */
const clientErrorAnswers: Record<string, { statusCode: number; body: ErrorBody }> = {
  // Node counts the request line with the headers, so a very long address lands here too.
  HPE_HEADER_OVERFLOW: {
    statusCode: 431,
    body: {
      message:
        "The request's headers or address are too large; clear this site's cookies or shorten the address",
      code: 'headers_too_large',
      errors: [],
    },
  },
  ERR_HTTP_REQUEST_TIMEOUT: {
    statusCode: 408,
    body: {
      message: 'The request took too long to arrive; please send it again',
      code: 'request_timeout',
      errors: [],
    },
  },
};

const malformedRequest = {
  statusCode: 400,
  body: { message: 'The request is not valid HTTP', code: 'malformed_request', errors: [] },
};

/**
 * Fastify's `clientErrorHandler`: Node's HTTP parser refused a request before Fastify saw it
 * (headers over the server's `maxHeaderSize`, bytes that are not HTTP, a request too slow to
 * arrive). The answer is written on the socket in the one error shape and the connection closed,
 * as Node itself does: what follows on it cannot be trusted to start a new request.
 */
export function answerClientError(error: ConnectionError, socket: Socket): void {
  // A reset connection has no one left to answer.
  if (error.code === 'ECONNRESET' || socket.destroyed) return;
  const { statusCode, body } = clientErrorAnswers[error.code] ?? malformedRequest;
  if (socket.writable) {
    const text = JSON.stringify(body);
    socket.write(
      `HTTP/1.1 ${String(statusCode)} ${STATUS_CODES[statusCode] ?? 'Error'}\r\n` +
        'Content-Type: application/json; charset=utf-8\r\n' +
        `Content-Length: ${String(Buffer.byteLength(text))}\r\n` +
        'Cache-Control: no-store\r\nConnection: close\r\n\r\n' +
        text,
    );
  }
  socket.destroy(error);
}
