import { useMutation } from '@tanstack/react-query';
import { api } from '../../../lib/api-client.ts';

export async function logout(): Promise<void> {
  await api.post('/auth/logout');
}

export function useLogout() {
  return useMutation({ mutationFn: logout });
}
