import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { kycQueueResponseSchema, type KycQueueStatus } from '@ajo/contracts/ops-kyc';
import { api } from '../../../../lib/api-client.ts';
import { opsKey } from '../../api/ops-api.ts';

export const KYC_QUEUE_PAGE_SIZE = 20;

/** Every KYC query's key starts here, so a decision refreshes the queue and the case together. */
export const kycKey = (...parts: unknown[]) => opsKey('kyc', ...parts);

/** How often an open queue looks for new submissions. */
const QUEUE_REFRESH_MS = 30_000;

export const getKycQueue = (status: KycQueueStatus, page: number, signal?: AbortSignal) =>
  api.get('/ops/kyc', {
    signal,
    query: { status, page, size: KYC_QUEUE_PAGE_SIZE },
    schema: kycQueueResponseSchema.shape.data,
  });

/** One page of the KYC review queue, newest first, refreshed while it is open. */
export function useKycQueue(status: KycQueueStatus, page: number) {
  return useQuery({
    queryKey: kycKey('queue', status, page),
    queryFn: ({ signal }) => getKycQueue(status, page, signal),
    placeholderData: keepPreviousData,
    refetchInterval: QUEUE_REFRESH_MS,
  });
}
