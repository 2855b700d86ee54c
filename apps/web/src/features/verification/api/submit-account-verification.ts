import { useMutation, useQueryClient } from '@tanstack/react-query';
import {
  accountVerificationResponseSchema,
  type AccountVerificationBody,
} from '@ajo/contracts/verification';
import { accountLevelQueryKey } from '../../../lib/account-level-query.ts';
import { api } from '../../../lib/api-client.ts';

/**
 * The details typed on the first step; the country fields are fixed to Nigeria. The BVN is not
 * typed again: the server uses the one verified for the funding account.
 */
export interface IdentityDetails {
  address: string;
  date_of_birth: string;
  phone: string;
}

const nigeria = {
  country_alpha_2_code: 'NG',
  country_alpha_3_code: 'NGA',
  country_dial_code: '+234',
  country_of_residence: 'Nigeria',
} as const;

/**
 * `POST /accounts/verify`. The spec's client looked its public IP up with a third party; the
 * server records the address the request comes from instead, so `ip_address` is left out.
 */
export function submitAccountVerification(details: IdentityDetails, selfieBase64: string) {
  const body: AccountVerificationBody = {
    ...details,
    ...nigeria,
    documents: [
      {
        content: selfieBase64,
        document_sub_type: 'selfie',
        document_type: 'identity_verification',
        mime_type: 'image/jpeg',
      },
    ],
  };
  return api.post('/accounts/verify', body, {
    schema: accountVerificationResponseSchema.shape.data,
  });
}

export function useSubmitAccountVerification() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: { details: IdentityDetails; selfieBase64: string }) =>
      submitAccountVerification(input.details, input.selfieBase64),
    onSuccess: () => {
      // The account level now shows the identity check in review.
      void queryClient.invalidateQueries({ queryKey: accountLevelQueryKey });
    },
  });
}
