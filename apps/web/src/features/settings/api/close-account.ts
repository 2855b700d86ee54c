import { useMutation } from '@tanstack/react-query';
import type { closeAccountBodySchema } from '@ajo/contracts/privacy';
import type { z } from 'zod';
import { api } from '../../../lib/api-client.ts';

export type CloseAccountInput = z.output<typeof closeAccountBodySchema>;

/** Closes the account and erases personal data; the API ends every session. */
export async function closeAccount(input: CloseAccountInput): Promise<void> {
  await api.post('/privacy/erasure', input);
}

export function useCloseAccount() {
  return useMutation({ mutationFn: closeAccount });
}
