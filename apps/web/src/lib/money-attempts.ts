import { ApiError, TRANSPORT_ERROR_CODES } from './api-client.ts';
import { browserStorage, type SmallStorage } from './browser-storage.ts';

/**
 * Idempotency-Keys of money requests whose outcome is not known yet, by flow ("withdraw", "bill",
 * "top-up:<order id>"). A request that got no answer (the connection dropped, it timed out) or a
 * 5xx may still have moved the money. The next request of that flow carries the same key, whatever
 * the person changed in between (another amount, the panel closed and opened again, the page
 * reloaded), so the server finds the payment it made instead of making a second one: the same
 * request is answered again, another one is refused as a reused key. A definite answer (paid or
 * refused) ends it.
 *
 * The keys are kept in the tab's sessionStorage as well, so a reload (what people do when a payment
 * seems stuck) keeps them; they go when the tab closes. They are random and name no one. The server
 * scopes a key to its user and route (platform/idempotency.ts), so a key left by someone who signed
 * out of this tab is only ever a new key to the next person; it is not cleared at sign-out, so
 * that signing in again after a session ended mid-payment still finds the payment.
 */
export const MONEY_ATTEMPTS_KEY = 'ajo.money-attempts';

/** The keys a storage holds, ignoring anything that is not a flow → key record. */
function keptIn(storage: SmallStorage | undefined): Map<string, string> {
  try {
    const kept: unknown = JSON.parse(storage?.getItem(MONEY_ATTEMPTS_KEY) ?? '{}');
    if (typeof kept !== 'object' || kept === null) return new Map();
    return new Map(
      Object.entries(kept).filter(
        (entry): entry is [string, string] => typeof entry[1] === 'string',
      ),
    );
  } catch {
    return new Map();
  }
}

// Without a tab storage (tests, storage switched off) the keys live in memory only.
let storage = browserStorage('sessionStorage');
let unsettled = keptIn(storage);

/** Writes the keys through to the tab's storage; a full or refused storage keeps them in memory. */
function keep(): void {
  try {
    if (unsettled.size === 0) storage?.removeItem(MONEY_ATTEMPTS_KEY);
    else storage?.setItem(MONEY_ATTEMPTS_KEY, JSON.stringify(Object.fromEntries(unsettled)));
  } catch {
    // The keys still hold for as long as the page lives.
  }
}

/** Reads the keys from another storage, as a reload does from the tab's (for tests). */
export function keepAttemptsIn(other: SmallStorage | undefined): void {
  storage = other;
  unsettled = keptIn(other);
}

/** Whether the money may have moved although the request did not say so. */
export function isUnknownOutcome(error: unknown): boolean {
  return (
    error instanceof ApiError &&
    error.code !== TRANSPORT_ERROR_CODES.aborted &&
    (error.status === 0 || error.status >= 500)
  );
}

/**
 * The key for the next request of a flow: the unsettled one, else a new one, which stays the
 * flow's until an answer settles it. So a request whose answer never reaches its page (the person
 * left while it was on its way) leaves its key for the next attempt, as a lost answer does; a key
 * that was never sent is harmless to send later.
 */
export function attemptKey(flow: string): string {
  const kept = unsettled.get(flow);
  if (kept !== undefined) return kept;
  const key = crypto.randomUUID();
  unsettled.set(flow, key);
  keep();
  return key;
}

/** After the request's answer: a definite one settles the flow, an unknown one keeps its key. */
export function settleAttempt(flow: string, key: string, error?: unknown): void {
  if (error !== undefined && isUnknownOutcome(error)) unsettled.set(flow, key);
  else unsettled.delete(flow);
  keep();
}

/**
 * What an attempt whose answer was lost may have done, and where to look after a reused key, by
 * what the request makes: a payment, or a plan (a target plan moves no money when it is made, so
 * "payment" would be the wrong word there).
 */
const unconfirmedWords = {
  payment: {
    unknown:
      'We could not confirm this payment, and it may have gone through. Try again to check: Ajo never takes the same payment twice.',
    reused:
      'Your earlier attempt reached Ajo before the connection dropped. Check your transactions before trying again.',
  },
  plan: {
    unknown:
      'We could not confirm your new plan, and it may have been made. Try again to check: Ajo never makes the same plan twice.',
    reused:
      'Your earlier attempt reached Ajo before the connection dropped. Check your plans before trying again.',
  },
} as const;

/**
 * What a failed money request says. The transport's own words stay first (the spec's "Network
 * Error", "timeout of N ms exceeded"); an unknown outcome adds what to do, and a key refused as
 * reused (after an unknown outcome, with changed details) says the first attempt arrived.
 */
export function moneyErrorMessage(
  error: Error,
  subject: keyof typeof unconfirmedWords = 'payment',
): string {
  if (isUnknownOutcome(error)) return `${error.message}. ${unconfirmedWords[subject].unknown}`;
  if (error instanceof ApiError && error.code === 'idempotency_key_reused') {
    return unconfirmedWords[subject].reused;
  }
  return error.message;
}
