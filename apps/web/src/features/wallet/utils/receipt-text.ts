import type { TransactionDetail } from '@ajo/contracts/wallet';
import {
  transactionChannelLabels,
  transactionTypeLabels,
} from '../../../components/wallet/transaction-labels.ts';
import {
  feeWayOf,
  onHoldLine,
  transactionStatusText,
  type FeeWay,
} from '../../../components/wallet/transaction-presentation.ts';
import { formatLagosDateTime } from '../../../lib/dates.ts';
import { formatMoney } from '@ajo/money/format';
import { formatMoneyText, isPositiveMoneyText, moneyTextToMinor } from '../../../lib/money-text.ts';
import { serverNow } from '../../../lib/server-clock.ts';

/**
 * What the total line of a receipt says, by how the fee was paid and where the movement stands:
 * money out is on hold while pending, debited once done, and back in the wallet when it failed
 * or was reversed; money in is credited (or charged to the card) only once done. Null where
 * nothing moved and nothing will.
 */
function totalLabel(way: FeeWay, status: TransactionDetail['status']): string | null {
  const undone = status === 'failed' || status === 'reversed' || status === 'cancelled';
  switch (way) {
    case 'on_top':
      return undone
        ? 'Returned to wallet'
        : status === 'pending'
          ? 'Total on hold'
          : 'Total debited';
    case 'deducted':
      return undone ? null : status === 'pending' ? 'Total to be credited' : 'Total credited';
    case 'card':
      return status === 'reversed'
        ? 'Returned to card'
        : undone
          ? null
          : status === 'pending'
            ? 'To be charged to card'
            : 'Charged to card';
  }
}

/**
 * A receipt's money lines, so they add up whichever way the fee was paid: money out reads Amount,
 * Fee, Total debited; money in whose fee came out of it (a sale, a broken plan, dollars sold)
 * reads Amount (before the fee), Fee, Total credited (what arrived); a card top-up reads Amount,
 * Fee, Charged to card. Money in without a fee shows the amount alone. The total's words follow
 * the status (`totalLabel`): a failed withdrawal's total is "Returned to wallet", not debited.
 */
export function receiptMoneyLines(transaction: TransactionDetail): {
  amount: string;
  fee: string | null;
  total: { label: string; value: string } | null;
} {
  const money = (minor: bigint) => formatMoney(minor, transaction.currency);
  const amountMinor = moneyTextToMinor(transaction.amount);
  const feeMinor = moneyTextToMinor(transaction.fee);
  const way = feeWayOf(transaction);
  const label = totalLabel(way, transaction.status);
  const total = (value: bigint) => (label === null ? null : { label, value: money(value) });
  // Money out always shows what left the wallet (or would have), fee or not.
  if (way === 'on_top') {
    return {
      amount: money(amountMinor),
      fee: feeMinor > 0n ? money(feeMinor) : null,
      total: total(amountMinor + feeMinor),
    };
  }
  if (feeMinor <= 0n) return { amount: money(amountMinor), fee: null, total: null };
  switch (way) {
    case 'deducted':
      return {
        amount: money(amountMinor + feeMinor),
        fee: money(feeMinor),
        total: total(amountMinor),
      };
    case 'card':
      return {
        amount: money(amountMinor),
        fee: money(feeMinor),
        total: total(amountMinor + feeMinor),
      };
  }
}

/** "Guaranty Trust Bank ••••••1234", or whichever parts the other side has. */
export function counterpartyAccount(counterparty: NonNullable<TransactionDetail['counterparty']>) {
  return [counterparty.bank_name, counterparty.account_number]
    .filter((part): part is string => part !== null && part !== '')
    .join(' ');
}

/**
 * What a savings maturity or break paid, as receipt lines: the principal back, gross interest, the
 * 10% withholding tax and the net interest (or the deposits, the 1% charge and the interest
 * forfeited); empty for any other movement.
 */
export function savingPayoutLines(
  transaction: TransactionDetail,
): { label: string; value: string }[] {
  const saving = transaction.saving;
  if (saving?.event !== 'matured' && saving?.event !== 'broken') return [];
  const money = (text: string | null) =>
    text === null ? null : formatMoneyText(text, transaction.currency);
  const forfeited =
    saving.forfeited_interest !== null && isPositiveMoneyText(saving.forfeited_interest)
      ? money(saving.forfeited_interest)
      : null;
  const lines =
    saving.event === 'broken'
      ? [
          { label: 'Deposits', value: money(saving.principal) },
          { label: 'Charge (1%)', value: money(transaction.fee) },
          { label: 'Interest forfeited', value: forfeited },
        ]
      : [
          { label: 'Principal', value: money(saving.principal) },
          { label: 'Gross interest', value: money(saving.gross_interest) },
          { label: 'Withholding tax (10%)', value: money(saving.withholding_tax) },
          { label: 'Net interest', value: money(saving.net_interest) },
          { label: 'Interest forfeited', value: forfeited },
        ];
  return lines.flatMap((line) => (line.value === null ? [] : [{ ...line, value: line.value }]));
}

/**
 * The receipt as plain text, for sharing and copying: what a person would read out, with the
 * account number masked as the server sent it (never more than the last four digits).
 */
export function receiptText(transaction: TransactionDetail, now: Date = serverNow()): string {
  const figures = receiptMoneyLines(transaction);
  const sign = transaction.direction === 'credit' ? '+' : '\u2212';
  const lines = [
    'Ajo transaction receipt',
    transaction.description,
    `Amount: ${transaction.status === 'successful' ? `${sign}${figures.amount}` : figures.amount}`,
  ];
  if (figures.fee !== null) lines.push(`Fee: ${figures.fee}`);
  if (figures.total !== null) lines.push(`${figures.total.label}: ${figures.total.value}`);
  for (const line of savingPayoutLines(transaction)) lines.push(`${line.label}: ${line.value}`);
  const onHold = onHoldLine(transaction, now);
  if (onHold) lines.push(onHold.text);
  lines.push(`Status: ${transactionStatusText(transaction)}`);
  lines.push(
    `Type: ${transactionTypeLabels[transaction.type]} (${transactionChannelLabels[transaction.channel]})`,
  );
  lines.push(`Date: ${formatLagosDateTime(transaction.created_at)} (Lagos time)`);
  if (transaction.counterparty) {
    const side = transaction.direction === 'debit' ? 'To' : 'From';
    const account = counterpartyAccount(transaction.counterparty);
    lines.push(`${side}: ${transaction.counterparty.name}${account === '' ? '' : `, ${account}`}`);
  }
  lines.push(`Reference: ${transaction.reference}`);
  if (
    transaction.provider_reference !== null &&
    transaction.provider_reference !== transaction.reference
  ) {
    lines.push(`Payment partner reference: ${transaction.provider_reference}`);
  }
  if (transaction.client_reference !== null) {
    lines.push(`Your reference: ${transaction.client_reference}`);
  }
  return lines.join('\n');
}
