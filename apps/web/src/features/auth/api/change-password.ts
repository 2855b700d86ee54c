import { useMutation } from '@tanstack/react-query';
import { api } from '../../../lib/api-client.ts';

export interface ChangePasswordInput {
  email: string;
  token: string;
  new_password: string;
}

export async function changePassword(input: ChangePasswordInput): Promise<void> {
  await api.post('/auth/password/reset/change', input);
}

export function useChangePassword() {
  return useMutation({ mutationFn: changePassword });
}
