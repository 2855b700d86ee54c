import { useQuery } from '@tanstack/react-query';
import { dataExportsResponseSchema } from '@ajo/contracts/privacy';
import { api } from '../../../lib/api-client.ts';

const exportsSchema = dataExportsResponseSchema.shape.data;

export const dataExportsQueryKey = ['data-exports'] as const;

export function getDataExports(signal: AbortSignal) {
  return api.get('/privacy/exports', { schema: exportsSchema, signal });
}

/** The exports; while one is being prepared the list is asked again every few seconds. */
export function useDataExports() {
  return useQuery({
    queryKey: dataExportsQueryKey,
    queryFn: ({ signal }) => getDataExports(signal),
    refetchInterval: (query) =>
      query.state.data?.items.some((item) => item.status === 'preparing') ? 3000 : false,
  });
}

/** Where the browser downloads a ready export (the session cookie authorises the GET). */
export const dataExportDownloadUrl = (exportId: string) =>
  `/v1/privacy/exports/${encodeURIComponent(exportId)}/download`;
