import { useMutation } from '@tanstack/react-query';
import type { changePasswordBodySchema } from '@ajo/contracts/auth';
import type { z } from 'zod';
import { api } from '../../../lib/api-client.ts';

export type OwnPasswordChange = z.output<typeof changePasswordBodySchema>;

/** Changes the password while signed in; the API ends every other session. */
export async function changeOwnPassword(change: OwnPasswordChange): Promise<void> {
  await api.post('/auth/password/change', change);
}

export function useChangeOwnPassword() {
  return useMutation({ mutationFn: changeOwnPassword });
}
