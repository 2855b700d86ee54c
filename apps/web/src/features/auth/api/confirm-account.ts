import { useMutation, useQueryClient } from '@tanstack/react-query';
import { userSchema } from '@ajo/contracts/auth';
import { api } from '../../../lib/api-client.ts';
import { currentUserQueryKey } from '../../../lib/current-user.ts';
import { markFirstLogin } from './first-login-marker.ts';

export interface ConfirmAccountInput {
  email: string;
  token: string;
}

export function confirmAccount(input: ConfirmAccountInput) {
  return api.post('/auth/confirm-account', input, { schema: userSchema });
}

/** The confirmed account is signed in at once; the public-route guard then goes Home. */
export function useConfirmAccount() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: confirmAccount,
    onSuccess: (user) => {
      markFirstLogin();
      queryClient.setQueryData(currentUserQueryKey, user);
    },
  });
}
