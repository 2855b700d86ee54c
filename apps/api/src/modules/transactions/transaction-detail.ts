import type { TransactionDetail } from '@ajo/contracts/wallet';
import { z } from 'zod';
import { toTransaction, type ActivityRow, type ActivityStatus } from '../../money/activity.ts';
import { isoTimestamp } from '../../platform/timestamps.ts';

/** The product details the receipt reads, as the products store them (all optional). */
const detailsSchema = z.looseObject({
  destination: z
    .object({ bank_name: z.string(), account_number: z.string(), account_name: z.string() })
    .optional(),
  senderName: z.string().optional(),
  senderBank: z.string().optional(),
  checkoutUrl: z.string().optional(),
});

const masked = (accountNumber: string) => accountNumber.slice(-4).padStart(10, '•');

/** A movement as its receipt shows it: the other side, the history, how to finish it. */
export function toTransactionDetail(
  row: ActivityRow,
  history: readonly { status: ActivityStatus; at: string | Date }[],
): TransactionDetail {
  const details = detailsSchema.safeParse(row.metadata).data ?? {};
  let counterparty: TransactionDetail['counterparty'] = null;
  if (details.destination) {
    counterparty = {
      name: details.destination.account_name,
      bank_name: details.destination.bank_name,
      account_number: masked(details.destination.account_number),
    };
  } else if (details.senderName) {
    counterparty = {
      name: details.senderName,
      bank_name: details.senderBank ?? null,
      account_number: null,
    };
  }
  const awaitingCard = row.channel === 'card' && row.status === 'pending';
  return {
    ...toTransaction(row),
    status_history: history.map((event) => ({ status: event.status, at: isoTimestamp(event.at) })),
    counterparty,
    checkout_url: awaitingCard ? (details.checkoutUrl ?? null) : null,
  };
}
