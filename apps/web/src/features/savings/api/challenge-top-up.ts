import { useMutation, useQueryClient } from '@tanstack/react-query';
import { refreshAfterSavingChange } from './saving-query-refresh.ts';
import { topUpTarget } from './top-up-target.ts';

/**
 * Moves money from the naira wallet into the user's challenge order ('Plan top up successful').
 * A challenge order is topped up as any target order is, with the same request.
 */
export function useTopUpChallenge() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: topUpTarget,
    // The wallet, the history, the order's total and perhaps a new medal all change.
    onSettled: () => refreshAfterSavingChange(queryClient),
  });
}
