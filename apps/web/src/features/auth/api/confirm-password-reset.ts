import { useMutation } from '@tanstack/react-query';
import { api } from '../../../lib/api-client.ts';

export interface ConfirmPasswordResetInput {
  email: string;
  token: string;
}

export async function confirmPasswordReset(input: ConfirmPasswordResetInput): Promise<void> {
  await api.post('/auth/password/reset/confirm', input);
}

export async function resendPasswordResetCode(email: string): Promise<void> {
  await api.post('/auth/password/reset', { email });
}

export function useConfirmPasswordReset() {
  return useMutation({ mutationFn: confirmPasswordReset });
}
