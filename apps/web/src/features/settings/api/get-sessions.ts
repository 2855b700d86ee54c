import { useQuery } from '@tanstack/react-query';
import { sessionsResponseSchema } from '@ajo/contracts/privacy';
import { api } from '../../../lib/api-client.ts';

const sessionsSchema = sessionsResponseSchema.shape.data;

export const sessionsQueryKey = ['sessions'] as const;

export function getSessions(signal: AbortSignal) {
  return api.get('/sessions', { schema: sessionsSchema, signal });
}

export function useSessions() {
  return useQuery({ queryKey: sessionsQueryKey, queryFn: ({ signal }) => getSessions(signal) });
}
