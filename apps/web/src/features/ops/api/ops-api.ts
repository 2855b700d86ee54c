import { useQuery } from '@tanstack/react-query';
import type { Operator } from '@ajo/contracts/ops';
import { api, isApiError } from '../../../lib/api-client.ts';

/*
 * The operator console's calls: `/v1/ops/*` with the operator's own cookie (path /v1/ops), never
 * the customer's. A 401 here means the operator must sign in to the console; it never signs a
 * customer out (lib/api-client.ts leaves operator refusals alone).
 */

export const operatorQueryKey = ['ops', 'me'] as const;

/** The signed-in operator, or null when nobody is signed in to the console. */
export function useOperator() {
  return useQuery({
    queryKey: operatorQueryKey,
    queryFn: async ({ signal }): Promise<Operator | null> => {
      try {
        return await api.get<Operator>('/ops/me', { signal });
      } catch (error) {
        if (isApiError(error) && error.status === 401) return null;
        throw error;
      }
    },
    staleTime: 60_000,
    retry: false,
  });
}

export const signInOperator = (body: { email: string; password: string; code: string }) =>
  api.post<{ operator: Operator }>('/ops/sessions', body);

export const signOutOperator = () => api.delete('/ops/sessions/current');

/** Every console query's key starts with 'ops', so signing out forgets them all at once. */
export const opsKey = (...parts: unknown[]) => ['ops', ...parts] as const;
