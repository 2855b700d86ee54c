import { useMutation, useQueryClient } from '@tanstack/react-query';
import { sandboxClockResponseSchema } from '@ajo/contracts/sandbox';
import { api } from '../../../lib/api-client.ts';
import { savingsQueryKey } from '../../../lib/savings-query-key.ts';
import { transactionsQueryKey, walletsQueryKey } from '../../../lib/wallet-queries.ts';

/** The notifications feature's key: a matured plan sends a notice. */
const notificationsQueryKey = ['notifications'] as const;

/**
 * Moves the sandbox's clock forward `advanceDays` days and runs what fell due on the way: daily
 * interest on every plan, and plans that reach their maturity date paying out.
 */
export function advanceSandboxClock(advanceDays: number) {
  return api.post(
    '/sandbox/clock',
    { advance_days: advanceDays },
    { schema: sandboxClockResponseSchema.shape.data },
  );
}

export function useAdvanceSandboxClock() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: advanceSandboxClock,
    onSuccess: async () => {
      // Interest and payouts change balances, plans, the history and the notices.
      await Promise.all([
        queryClient.invalidateQueries({ queryKey: walletsQueryKey }),
        queryClient.invalidateQueries({ queryKey: transactionsQueryKey }),
        queryClient.invalidateQueries({ queryKey: savingsQueryKey }),
        queryClient.invalidateQueries({ queryKey: notificationsQueryKey }),
      ]);
    },
  });
}
