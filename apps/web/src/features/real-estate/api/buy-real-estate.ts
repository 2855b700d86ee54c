import { useMutation, useQueryClient } from '@tanstack/react-query';
import { OPERATION_SUCCESSFUL } from '@ajo/contracts/common';
import { realEstatePurchaseResponseSchema } from '@ajo/contracts/real-estate';
import { api } from '../../../lib/api-client.ts';
import { pinHeader } from '../../../lib/transaction-pin.ts';
import { transactionsQueryKey, walletsQueryKey } from '../../../lib/wallet-queries.ts';
import { realEstateQueryKey } from './get-real-estates.ts';

export interface BuyRealEstateInput {
  propertyId: string;
  units: number;
  /** One per confirmation, so a retried Confirm cannot buy twice. */
  idempotencyKey: string;
  /** The transaction PIN, sent in its header only. */
  pin: string;
}

/** Buys whole units from the naira wallet; done only on 'operation was successful'. */
export function buyRealEstate({ propertyId, units, idempotencyKey, pin }: BuyRealEstateInput) {
  return api.post(
    '/real_estates/buy',
    { real_estate_id: propertyId, units },
    {
      headers: { 'Idempotency-Key': idempotencyKey, ...pinHeader(pin) },
      schema: realEstatePurchaseResponseSchema.shape.data,
      expectMessage: OPERATION_SUCCESSFUL,
    },
  );
}

export function useBuyRealEstate() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: buyRealEstate,
    onSettled: async () => {
      // Units left changed for everyone: read the properties and my holdings again.
      await Promise.all([
        queryClient.invalidateQueries({ queryKey: walletsQueryKey }),
        queryClient.invalidateQueries({ queryKey: transactionsQueryKey }),
        queryClient.invalidateQueries({ queryKey: realEstateQueryKey }),
      ]);
    },
  });
}
