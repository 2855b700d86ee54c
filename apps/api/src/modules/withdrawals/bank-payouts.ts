import { z } from 'zod';
import { failed, succeeded } from '../../platform/batcher.ts';
import type {
  MovementProvider,
  ProviderState,
} from '../../money/provider-movements/provider-movement.ts';
import {
  PayoutProviderError,
  type PayoutsProvider,
  type TransferRequest,
  type TransferState,
} from '../../providers/payouts/payouts.port.ts';

/** Where a withdrawal goes: the user's linked bank account, as it was when they withdrew. */
export const bankDestinationSchema = z.object({
  bank_code: z.string(),
  bank_name: z.string(),
  account_number: z.string(),
  account_name: z.string(),
});

export type BankDestination = z.infer<typeof bankDestinationSchema>;

const toState = (state: TransferState): ProviderState => ({
  status: state.status,
  providerReference: state.providerReference,
});

/** The payouts port as the money core sees a provider: bank transfers, several in one call. */
export function bankPayouts(payouts: PayoutsProvider): MovementProvider<BankDestination> {
  return {
    slug: payouts.slug,
    submit: async (movements) => {
      const requests: TransferRequest[] = movements.map((movement) => ({
        reference: movement.reference,
        amountMinor: movement.amountMinor,
        accountNumber: movement.destination.account_number,
        bankCode: movement.destination.bank_code,
        accountName: movement.destination.account_name,
        reason: 'Ajo wallet withdrawal',
      }));
      if (payouts.createTransfers) {
        const outcomes = await payouts.createTransfers(requests);
        return outcomes.map((outcome) =>
          outcome.ok ? succeeded(toState(outcome.value)) : outcome,
        );
      }
      return Promise.all(
        requests.map((request) =>
          payouts.createTransfer(request).then((state) => succeeded(toState(state)), failed),
        ),
      );
    },
    fetch: async (reference) => {
      const state = await payouts.fetchTransfer(reference);
      return state && toState(state);
    },
    isRefusal: (error) => error instanceof PayoutProviderError && error.reason !== 'unavailable',
  };
}
