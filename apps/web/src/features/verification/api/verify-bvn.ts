import { useMutation, useQueryClient } from '@tanstack/react-query';
import { verifyBvnResponseSchema } from '@ajo/contracts/verification';
import { api } from '../../../lib/api-client.ts';
import { appSettingsQueryOptions } from './get-app-settings.ts';

/** `POST /virtualaccount/verify-bvn-{provider}`: answers the names on the BVN and the masked BVN. */
export function verifyBvn(provider: string, bvn: string) {
  return api.post(
    `/virtualaccount/verify-bvn-${encodeURIComponent(provider)}`,
    { Bvn: bvn },
    { schema: verifyBvnResponseSchema.shape.data },
  );
}

export function useVerifyBvn() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (bvn: string) => {
      const settings = await queryClient.query(appSettingsQueryOptions);
      return verifyBvn(settings.payments_provider, bvn);
    },
  });
}
