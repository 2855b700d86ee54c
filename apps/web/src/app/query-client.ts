import { QueryClient } from '@tanstack/react-query';
import { isApiError } from '../lib/api-client.ts';

const MAX_QUERY_RETRIES = 2;
const QUERY_STALE_TIME_MS = 30_000;

/** A 4xx will not change by asking again; only transport failures and 5xx are retried. */
function shouldRetry(failureCount: number, error: unknown): boolean {
  if (isApiError(error) && error.status >= 400 && error.status < 500) return false;
  return failureCount < MAX_QUERY_RETRIES;
}

export function createQueryClient(): QueryClient {
  return new QueryClient({
    defaultOptions: {
      queries: { retry: shouldRetry, staleTime: QUERY_STALE_TIME_MS },
      // Mutations move money; repeating one is the caller's decision (with its idempotency key).
      // Offline, one fails at once (an unknown outcome the screen explains) instead of waiting
      // unseen to be sent whenever the connection comes back.
      mutations: { retry: false, networkMode: 'always' },
    },
  });
}

/**
 * The app's one client: main.tsx provides it to React, and the router's loaders start queries in it
 * before their pages render (app/router.tsx).
 */
export const queryClient = createQueryClient();
