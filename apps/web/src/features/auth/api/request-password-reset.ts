import { useMutation } from '@tanstack/react-query';
import { OPERATION_SUCCESSFUL } from '@ajo/contracts/common';
import { api } from '../../../lib/api-client.ts';

/** Asks for a reset code; the code step opens only on the spec's 'operation was successful'. */
export async function requestPasswordReset(email: string): Promise<void> {
  await api.post('/auth/password/reset', { email }, { expectMessage: OPERATION_SUCCESSFUL });
}

export function useRequestPasswordReset() {
  return useMutation({ mutationFn: requestPasswordReset });
}
