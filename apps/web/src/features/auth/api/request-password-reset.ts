import { useMutation } from '@tanstack/react-query';
import { api } from '../../../lib/api-client.ts';

export async function requestPasswordReset(email: string): Promise<void> {
  await api.post('/auth/password/reset', { email });
}

export function useRequestPasswordReset() {
  return useMutation({ mutationFn: requestPasswordReset });
}
