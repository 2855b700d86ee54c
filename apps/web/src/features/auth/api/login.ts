import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { LoginFormValues } from '@ajo/contracts/auth-rules';
import { api } from '../../../lib/api-client.ts';
import { currentUserQueryKey, loadUserSchema } from '../../../lib/current-user.ts';
import { markFirstLogin } from './first-login-marker.ts';

export function login(input: LoginFormValues) {
  return api.post('/auth/login', input, { schema: loadUserSchema });
}

/** On success the cached user is set, and the public-route guard moves on to the target page. */
export function useLogin() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: login,
    onSuccess: (user) => {
      markFirstLogin();
      queryClient.setQueryData(currentUserQueryKey, user);
    },
  });
}
