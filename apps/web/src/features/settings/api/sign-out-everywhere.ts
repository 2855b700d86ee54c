import { useMutation } from '@tanstack/react-query';
import { api } from '../../../lib/api-client.ts';

export async function signOutEverywhere(): Promise<void> {
  await api.post('/auth/logout-all');
}

export function useSignOutEverywhere() {
  return useMutation({ mutationFn: signOutEverywhere });
}
