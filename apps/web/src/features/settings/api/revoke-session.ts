import { useMutation, useQueryClient } from '@tanstack/react-query';
import { revokeSessionResponseSchema } from '@ajo/contracts/privacy';
import { api } from '../../../lib/api-client.ts';
import { sessionsQueryKey } from './get-sessions.ts';

const revokedSchema = revokeSessionResponseSchema.shape.data;

/** Signs one session out; answers whether it was this one (then this device is signed out). */
export function revokeSession(sessionId: string) {
  return api.delete(`/sessions/${encodeURIComponent(sessionId)}`, { schema: revokedSchema });
}

export function useRevokeSession() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: revokeSession,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: sessionsQueryKey }),
  });
}
