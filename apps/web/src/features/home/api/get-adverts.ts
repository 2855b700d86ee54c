import { queryOptions, useQuery } from '@tanstack/react-query';
import { advertsResponseSchema, type advertSchema } from '@ajo/contracts/engagement';
import type { z } from 'zod';
import { api } from '../../../lib/api-client.ts';

export type Advert = z.infer<typeof advertSchema>;

export function getAdverts(signal: AbortSignal) {
  return api.get('/advert/banner', { schema: advertsResponseSchema.shape.data, signal });
}

/** Adverts are a nice-to-have: any failure just shows none. */
export const advertsQueryOptions = queryOptions({
  queryKey: ['adverts', 'banner'],
  queryFn: ({ signal }) => getAdverts(signal),
  retry: false,
});

export function useAdverts() {
  return useQuery({ ...advertsQueryOptions, select: (data) => data.items });
}
