import { hashKey, type QueryClient } from '@tanstack/react-query';
import { browserStorage, type SmallStorage } from './browser-storage.ts';
import { currentUserQueryKey } from './current-user.ts';

/*
 * Whether this browser may have a session, so the public pages (sign-in, registration, password
 * reset) ask "who is signed in?" only when someone might be. The session cookie is HttpOnly, so
 * scripts cannot see it; without this hint every signed-out visit to /login sent GET /v1/accounts
 * and the browser logged its 401 in the console. The hint follows the current-user answer: a user
 * sets it, "nobody" (a 401, signing out) clears it. It is a hint, not a credential: signed-in
 * pages always ask the API, and a stale hint costs one request that answers 401 and clears it.
 */

export const SIGNED_IN_HINT_KEY = 'ajo.signed-in';

/** False only when this browser is known to be signed out; true when unsure. */
export function mayBeSignedIn(
  storage: SmallStorage | undefined = browserStorage('localStorage'),
): boolean {
  if (!storage) return true;
  try {
    return storage.getItem(SIGNED_IN_HINT_KEY) === '1';
  } catch {
    return true;
  }
}

export function rememberSignedIn(
  signedIn: boolean,
  storage: SmallStorage | undefined = browserStorage('localStorage'),
): void {
  try {
    if (signedIn) storage?.setItem(SIGNED_IN_HINT_KEY, '1');
    else storage?.removeItem(SIGNED_IN_HINT_KEY);
  } catch {
    // A full or refused storage leaves the hint as it was; the API stays the judge.
  }
}

/**
 * Keeps the hint in step with every answer the current-user query gets, however it got it: the
 * fetch, sign-in and confirmation (`setQueryData`), the 401 handler and sign-out (`null`).
 */
export function trackSignedInHint(
  queryClient: QueryClient,
  storage: SmallStorage | undefined = browserStorage('localStorage'),
): () => void {
  const currentUserHash = hashKey(currentUserQueryKey);
  return queryClient.getQueryCache().subscribe((event) => {
    if (event.type !== 'updated' || event.action.type !== 'success') return;
    if (event.query.queryHash !== currentUserHash) return;
    const user: unknown = event.query.state.data;
    rememberSignedIn(user !== null && user !== undefined, storage);
  });
}
