import { useMutation } from '@tanstack/react-query';
import { z } from 'zod';
import { NIGERIA_DIAL_CODE } from '../../../components/ui/phone-field.tsx';
import { api } from '../../../lib/api-client.ts';

export interface RegisterInput {
  email: string;
  password: string;
  first_name: string;
  last_name: string;
  phone: string;
  referred_by?: string | undefined;
}

const registeredSchema = z.object({ email: z.string() });

export function register(input: RegisterInput) {
  const { referred_by: referredBy, ...rest } = input;
  const body = {
    ...rest,
    country_code: NIGERIA_DIAL_CODE,
    ...(referredBy ? { referred_by: referredBy } : {}),
  };
  return api.post('/auth/register', body, { schema: registeredSchema });
}

export function useRegister() {
  return useMutation({ mutationFn: register });
}
