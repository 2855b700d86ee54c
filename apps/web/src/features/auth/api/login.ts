import { useMutation, useQueryClient } from '@tanstack/react-query';
import { userSchema } from '@ajo/contracts/auth';
import { api } from '../../../lib/api-client.ts';
import { currentUserQueryKey } from '../../../lib/current-user.ts';
import { markFirstLogin } from './first-login-marker.ts';

export interface LoginInput {
  email: string;
  password: string;
}

export function login(input: LoginInput) {
  return api.post('/auth/login', input, { schema: userSchema });
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
