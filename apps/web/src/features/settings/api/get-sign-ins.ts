import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { signInsResponseSchema } from '@ajo/contracts/privacy';
import { api } from '../../../lib/api-client.ts';

const signInsSchema = signInsResponseSchema.shape.data;

export function getSignIns(page: number, signal: AbortSignal) {
  return api.get('/sign-ins', { schema: signInsSchema, signal, query: { page, size: 10 } });
}

export function useSignIns(page: number) {
  return useQuery({
    queryKey: ['sign-ins', page],
    queryFn: ({ signal }) => getSignIns(page, signal),
    placeholderData: keepPreviousData,
  });
}
