import type { TransactionDetail } from '@ajo/contracts/wallet';
import { z } from 'zod';
import { formatMinorAsDecimal } from '@ajo/money/format';
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
  saving: z
    .object({
      saving_id: z.string(),
      order_id: z.string(),
      product: z.string(),
      event: z.enum(['created', 'topped_up', 'collected', 'matured', 'broken']),
      principal_minor: z.string().optional(),
      gross_interest_minor: z.string().optional(),
      withholding_tax_minor: z.string().optional(),
      net_interest_minor: z.string().optional(),
      forfeited_interest_minor: z.string().optional(),
    })
    .optional(),
});

const decimalOrNull = (minor: string | undefined) =>
  minor === undefined ? null : formatMinorAsDecimal(BigInt(minor));

function savingOf(details: z.infer<typeof detailsSchema>): TransactionDetail['saving'] {
  const saving = details.saving;
  if (!saving) return null;
  return {
    saving_id: saving.saving_id,
    order_id: saving.order_id,
    product: saving.product,
    event: saving.event,
    principal: decimalOrNull(saving.principal_minor),
    gross_interest: decimalOrNull(saving.gross_interest_minor),
    withholding_tax: decimalOrNull(saving.withholding_tax_minor),
    net_interest: decimalOrNull(saving.net_interest_minor),
    forfeited_interest: decimalOrNull(saving.forfeited_interest_minor),
  };
}

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
    saving: savingOf(details),
  };
}
