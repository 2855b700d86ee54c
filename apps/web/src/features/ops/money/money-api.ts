import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type {
  FlaggedDeposit,
  MoneyCorrection,
  ProposeCorrectionBody,
  Reversal,
  StuckMovement,
} from '@ajo/contracts/ops-money';
import { api } from '../../../lib/api-client.ts';
import { opsKey } from '../api/ops-api.ts';

/** The money screens' calls: corrections (maker-checker), flagged deposits, stuck movements, reversals. */

export const moneyKey = (...parts: unknown[]) => opsKey('money', ...parts);

export function useCorrections(status: MoneyCorrection['status'] | '') {
  return useQuery({
    queryKey: moneyKey('corrections', status),
    queryFn: ({ signal }) =>
      api.get<{ items: MoneyCorrection[] }>('/ops/corrections', {
        signal,
        query: { status: status || undefined },
      }),
  });
}

export function useProposeCorrection() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: ProposeCorrectionBody) =>
      api.post<MoneyCorrection>('/ops/corrections', body),
    onSettled: () => queryClient.invalidateQueries({ queryKey: moneyKey('corrections') }),
  });
}

export function useDecideCorrection() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({
      id,
      verdict,
      reason,
    }: {
      id: string;
      verdict: 'approve' | 'reject';
      reason: string;
    }) =>
      api.post<MoneyCorrection>(`/ops/corrections/${encodeURIComponent(id)}/${verdict}`, {
        reason,
      }),
    onSettled: () => queryClient.invalidateQueries({ queryKey: moneyKey() }),
  });
}

export function useFlaggedDeposits() {
  return useQuery({
    queryKey: moneyKey('flagged'),
    queryFn: ({ signal }) => api.get<{ items: FlaggedDeposit[] }>('/ops/flagged', { signal }),
  });
}

export function useResolveFlagged() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({
      transactionId,
      outcome,
      reason,
    }: {
      transactionId: string;
      outcome: 'credit' | 'dismiss';
      reason: string;
    }) =>
      api.post<{ correction: MoneyCorrection | null }>(
        `/ops/flagged/${encodeURIComponent(transactionId)}/resolve`,
        { outcome, reason },
      ),
    onSettled: () => queryClient.invalidateQueries({ queryKey: moneyKey() }),
  });
}

export function useStuckMovements() {
  return useQuery({
    queryKey: moneyKey('stuck'),
    queryFn: ({ signal }) => api.get<{ items: StuckMovement[] }>('/ops/stuck', { signal }),
  });
}

export interface RequeryAnswer {
  reference: string;
  status: string;
  transaction_status: string;
  settled: boolean;
  answer: string;
}

export function useRequery() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (reference: string) =>
      api.post<RequeryAnswer>(`/ops/stuck/${encodeURIComponent(reference)}/requery`),
    onSettled: () => queryClient.invalidateQueries({ queryKey: moneyKey() }),
  });
}

export function useNoteStuck() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ reference, reason }: { reference: string; reason: string }) =>
      api.post(`/ops/stuck/${encodeURIComponent(reference)}/note`, { reason }),
    onSettled: () => queryClient.invalidateQueries({ queryKey: moneyKey('stuck') }),
  });
}

export function useReversals(show: 'open' | 'all') {
  return useQuery({
    queryKey: moneyKey('reversals', show),
    queryFn: ({ signal }) =>
      api.get<{ items: Reversal[]; overdue_count: number }>('/ops/reversals', {
        signal,
        query: { show },
      }),
  });
}

/** "withdrawal" → "Withdrawal", "bill_airtime" → "Bill: airtime". */
export function productLabel(product: string): string {
  if (product.startsWith('bill_')) return `Bill: ${product.slice(5)}`;
  if (product === 'card') return 'Dollar card';
  return product.charAt(0).toUpperCase() + product.slice(1).replaceAll('_', ' ');
}

/** "95" → "1 h 35 min"; "2000" → "1 d 9 h". */
export function formatMinutes(total: number): string {
  const minutes = Math.abs(total);
  if (minutes < 60) return `${String(minutes)} min`;
  const hours = Math.floor(minutes / 60);
  if (hours < 48) return `${String(hours)} h ${String(minutes % 60)} min`;
  return `${String(Math.floor(hours / 24))} d ${String(hours % 24)} h`;
}
