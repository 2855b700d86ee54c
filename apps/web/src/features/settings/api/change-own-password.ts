import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { changePasswordBodySchema } from '@ajo/contracts/auth';
import type { z } from 'zod';
import { api } from '../../../lib/api-client.ts';
import { sessionsQueryKey } from './get-sessions.ts';

export type OwnPasswordChange = z.output<typeof changePasswordBodySchema>;

/** Changes the password while signed in; the API ends every other session. */
export async function changeOwnPassword(change: OwnPasswordChange): Promise<void> {
  await api.post('/auth/password/change', change);
}

export function useChangeOwnPassword() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: changeOwnPassword,
    // The other devices were signed out: the sessions list reads them gone.
    onSuccess: () => queryClient.invalidateQueries({ queryKey: sessionsQueryKey }),
  });
}
