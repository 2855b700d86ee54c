import { queryOptions, useQuery } from '@tanstack/react-query';
import type { User } from '@ajo/contracts/auth';
import { api, isApiError, type LazyResponseSchema } from './api-client.ts';

export const currentUserQueryKey = ['current-user'] as const;

/** Loaded with the first signed-in answer: a visitor on /login never downloads zod. */
export const loadUserSchema: LazyResponseSchema<User> = async () =>
  (await import('@ajo/contracts/auth')).userSchema;

/** A signed-out visitor is not an error: the query answers `null` and the guard sends them on. */
export async function fetchCurrentUser(signal?: AbortSignal): Promise<User | null> {
  try {
    return await api.get('/accounts', { schema: loadUserSchema, ...(signal ? { signal } : {}) });
  } catch (error) {
    if (isApiError(error) && error.status === 401) return null;
    throw error;
  }
}

export const currentUserQueryOptions = queryOptions({
  queryKey: currentUserQueryKey,
  queryFn: ({ signal }) => fetchCurrentUser(signal),
});

export function useCurrentUser() {
  return useQuery(currentUserQueryOptions);
}

/** Only same-site paths are followed after sign-in, so a link cannot send people elsewhere. */
export function safeRedirectPath(candidate: string | null): string {
  if (candidate?.startsWith('/') !== true || /^\/[/\\]/.test(candidate)) return '/';
  return candidate;
}
