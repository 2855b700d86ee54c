import { useMutation, useQueryClient } from '@tanstack/react-query';
import { userSchema } from '@ajo/contracts/auth';
import type { updateAccountBodySchema } from '@ajo/contracts/accounts';
import type { z } from 'zod';
import { api } from '../../../lib/api-client.ts';
import { currentUserQueryKey } from '../../../lib/current-user.ts';

export type ProfileUpdate = z.output<typeof updateAccountBodySchema>;

export function updateProfile(update: ProfileUpdate) {
  return api.patch('/accounts', update, { schema: userSchema });
}

export function useUpdateProfile() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: updateProfile,
    onSuccess: (user) => {
      queryClient.setQueryData(currentUserQueryKey, user);
    },
  });
}
