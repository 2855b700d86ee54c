import { useQuery } from '@tanstack/react-query';
import { referralsResponseSchema } from '@ajo/contracts/accounts';
import { api } from '../../../lib/api-client.ts';

const referralsSchema = referralsResponseSchema.shape.data;

export function getReferrals(signal: AbortSignal) {
  return api.get('/accounts/referrals', { schema: referralsSchema, signal });
}

export function useReferrals() {
  return useQuery({ queryKey: ['referrals'], queryFn: ({ signal }) => getReferrals(signal) });
}
