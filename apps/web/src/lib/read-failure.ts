import { isApiError, TRANSPORT_ERROR_CODES } from './api-client.ts';

const CONNECTION_ADVICE = 'Check your connection and try again.';
const SERVER_ADVICE = 'Something went wrong on our side. Try again in a moment.';

/** A request that got no answer at all (offline, timed out): the API client gives it status 0. */
function gotNoAnswer(error: unknown): boolean {
  return isApiError(error) && error.status === 0;
}

/**
 * What to do after a read failed, below a sentence that already says what could not be read.
 * Only a request that got no answer is the connection's fault; when Ajo answered with a 5xx or an
 * answer it cannot read, the fault is ours, and blaming the person's connection would send them to
 * check the wrong thing. A refusal (4xx) says its own reason, as the server wrote it.
 */
export function readFailureAdvice(error: unknown): string {
  if (!isApiError(error)) return SERVER_ADVICE;
  if (gotNoAnswer(error)) return CONNECTION_ADVICE;
  if (error.status >= 500 || error.code === TRANSPORT_ERROR_CODES.invalidResponse) {
    return SERVER_ADVICE;
  }
  return error.message;
}

/**
 * What a failed read says on its own. When Ajo answered, its message (which carries the
 * reference to quote); when no answer came, the transport's bare "Network Error" or "timeout of
 * N ms exceeded" would leave the person guessing, so it says what happened and what to do.
 */
export function readFailureMessage(error: Error): string {
  return gotNoAnswer(error) ? `We could not reach Ajo. ${CONNECTION_ADVICE}` : error.message;
}
