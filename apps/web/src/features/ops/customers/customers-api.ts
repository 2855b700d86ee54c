import { useQuery } from '@tanstack/react-query';
import type { CustomerDetail, CustomerSearchPage } from '@ajo/contracts/ops-customers';
import { api } from '../../../lib/api-client.ts';
import { opsKey } from '../api/ops-api.ts';

export const customerPageSize = 20;

/**
 * One search of customers. It runs when the operator submits the box (not on every key), since
 * each search is a read of personal data and is recorded in the audit log.
 */
export function useCustomerSearch(query: string, page: number) {
  return useQuery({
    queryKey: opsKey('customers', 'search', query, page),
    queryFn: ({ signal }) =>
      api.get<CustomerSearchPage>('/ops/customers', {
        signal,
        query: { q: query, page, size: customerPageSize },
      }),
    enabled: query.trim().length >= 2,
    staleTime: 30_000,
    retry: false,
  });
}

/** One customer's profile; each load is a recorded read, so it is not refetched on focus. */
export function useCustomer(id: string) {
  return useQuery({
    queryKey: opsKey('customers', 'detail', id),
    queryFn: ({ signal }) =>
      api.get<CustomerDetail>(`/ops/customers/${encodeURIComponent(id)}`, { signal }),
    staleTime: 60_000,
    refetchOnWindowFocus: false,
    retry: false,
  });
}
