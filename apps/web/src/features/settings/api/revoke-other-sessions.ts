import { useMutation, useQueryClient } from '@tanstack/react-query';
import { revokeOtherSessionsResponseSchema } from '@ajo/contracts/privacy';
import { api } from '../../../lib/api-client.ts';
import { sessionsQueryKey } from './get-sessions.ts';

const revokedSchema = revokeOtherSessionsResponseSchema.shape.data;

export function revokeOtherSessions() {
  return api.delete('/sessions', { schema: revokedSchema });
}

export function useRevokeOtherSessions() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: revokeOtherSessions,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: sessionsQueryKey }),
  });
}
