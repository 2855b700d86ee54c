import { isApiError, TRANSPORT_ERROR_CODES } from '../../../lib/api-client.ts';

const CONNECTION_ADVICE = 'Check your connection and try again.';
const SERVER_ADVICE = 'Something went wrong on our side. Try again in a moment.';

/**
 * What to do after the card could not be read. Only a request that got no answer (offline, timed
 * out) is the connection's fault; when Ajo answered with a 5xx or an answer it cannot read, the
 * fault is ours, and blaming the person's connection would send them to check the wrong thing. A
 * refusal (4xx) says its own reason, as the server wrote it.
 */
export function cardLoadFailureAdvice(error: unknown): string {
  if (!isApiError(error)) return SERVER_ADVICE;
  if (error.status === 0) return CONNECTION_ADVICE;
  if (error.status >= 500 || error.code === TRANSPORT_ERROR_CODES.invalidResponse) {
    return SERVER_ADVICE;
  }
  return error.message;
}
