import { useMutation, useQueryClient } from '@tanstack/react-query';
import { dataExportResponseSchema } from '@ajo/contracts/privacy';
import { api } from '../../../lib/api-client.ts';
import { dataExportsQueryKey } from './get-data-exports.ts';

const exportSchema = dataExportResponseSchema.shape.data;

export function requestDataExport() {
  return api.post('/privacy/exports', undefined, { schema: exportSchema });
}

export function useRequestDataExport() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: requestDataExport,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: dataExportsQueryKey }),
  });
}
