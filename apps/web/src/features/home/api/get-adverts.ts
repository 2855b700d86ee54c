import { queryOptions, useQuery } from '@tanstack/react-query';
import { z } from 'zod';
import { api } from '../../../lib/api-client.ts';

const advertSchema = z.object({
  id: z.string(),
  title: z.string(),
  body: z.string(),
  cta_label: z.string(),
  cta_path: z.string(),
});
const advertsSchema = z.object({ items: z.array(advertSchema) });

export type Advert = z.infer<typeof advertSchema>;

export function getAdverts(signal: AbortSignal) {
  return api.get('/advert/banner', { schema: advertsSchema, signal });
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
