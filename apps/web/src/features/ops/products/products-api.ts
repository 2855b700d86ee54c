import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type {
  CreateProductBody,
  OpsCatalogue,
  ProductChange,
  ProductChangeStatus,
  ScheduleProductChangeBody,
} from '@ajo/contracts/ops-products';
import { api } from '../../../lib/api-client.ts';
import { opsKey } from '../api/ops-api.ts';

/** Product management's calls: the catalogue, its changes, scheduling and cancelling one. */

export const productsKey = opsKey('products');
export const productChangesKey = (status: ProductChangeStatus) => opsKey('product-changes', status);

export function useCatalogue() {
  return useQuery({
    queryKey: productsKey,
    queryFn: ({ signal }) => api.get<OpsCatalogue>('/ops/products', { signal }),
  });
}

export function useProductChanges(status: ProductChangeStatus) {
  return useQuery({
    queryKey: productChangesKey(status),
    queryFn: ({ signal }) =>
      api.get<{ items: ProductChange[] }>('/ops/product-changes', { signal, query: { status } }),
  });
}

/** After a change is scheduled or cancelled, the catalogue and every list of changes reload. */
function useRefreshProducts() {
  const queryClient = useQueryClient();
  return () =>
    Promise.all([
      queryClient.invalidateQueries({ queryKey: productsKey }),
      queryClient.invalidateQueries({ queryKey: opsKey('product-changes') }),
    ]);
}

export function useScheduleChange() {
  const refresh = useRefreshProducts();
  return useMutation({
    mutationFn: (body: ScheduleProductChangeBody) =>
      api.post<ProductChange>('/ops/product-changes', body),
    onSuccess: refresh,
  });
}

export function useCancelChange() {
  const refresh = useRefreshProducts();
  return useMutation({
    mutationFn: ({ id, reason }: { id: string; reason: string }) =>
      api.post<ProductChange>(`/ops/product-changes/${encodeURIComponent(id)}/cancel`, {
        reason,
      }),
    onSuccess: refresh,
  });
}

/** A new listing or advert: stored hidden and shown from its date (the answer is that change). */
export function useCreateProduct() {
  const refresh = useRefreshProducts();
  return useMutation({
    mutationFn: (body: CreateProductBody) => api.post<ProductChange>('/ops/products', body),
    onSuccess: refresh,
  });
}
