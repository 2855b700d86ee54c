import { useQuery } from '@tanstack/react-query';
import { kycCaseResponseSchema } from '@ajo/contracts/ops-kyc';
import { api } from '../../../../lib/api-client.ts';
import { kycKey } from './get-kyc-queue.ts';

export const getKycCase = (id: string, signal?: AbortSignal) =>
  api.get(`/ops/kyc/${encodeURIComponent(id)}`, {
    signal,
    schema: kycCaseResponseSchema.shape.data,
  });

/**
 * One submission with the customer's personal data. Each read is written to the audit log, so
 * it is fetched once per opening (not on focus or a timer) and forgotten when the screen closes.
 */
export function useKycCase(id: string) {
  return useQuery({
    queryKey: kycKey('case', id),
    queryFn: ({ signal }) => getKycCase(id, signal),
    staleTime: Infinity,
    gcTime: 0,
    refetchOnWindowFocus: false,
    retry: false,
  });
}
