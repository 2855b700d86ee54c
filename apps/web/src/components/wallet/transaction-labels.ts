import {
  transactionChannels,
  transactionStatuses,
  transactionTypes,
  type Transaction,
} from '@ajo/contracts/wallet';

type TransactionType = (typeof transactionTypes)[number];
type TransactionStatus = (typeof transactionStatuses)[number];
type TransactionChannel = (typeof transactionChannels)[number];

export const transactionTypeLabels: Record<TransactionType, string> = {
  deposit: 'Deposit',
  withdrawal: 'Withdrawal',
  saving: 'Savings',
  trade: 'Investment',
  bill: 'Bill payment',
  card: 'Dollar card',
  fx: 'Currency exchange',
  interest: 'Interest',
  fee: 'Fee',
};

export const transactionStatusLabels: Record<TransactionStatus, string> = {
  pending: 'Pending',
  successful: 'Successful',
  failed: 'Failed',
  reversed: 'Reversed',
  cancelled: 'Cancelled',
};

export const transactionChannelLabels: Record<TransactionChannel, string> = {
  bank_transfer: 'Bank transfer',
  card: 'Card',
  wallet: 'Wallet',
};

/** For the filter selects, in the contract's order. */
export const transactionTypeOptions = transactionTypes.map((value) => ({
  value,
  label: transactionTypeLabels[value],
}));

export const transactionStatusOptions = transactionStatuses.map((value) => ({
  value,
  label: transactionStatusLabels[value],
}));

/** en-NG's short month names ("Sept", as CLDR writes it). */
const shortMonths = [
  'Jan',
  'Feb',
  'Mar',
  'Apr',
  'May',
  'Jun',
  'Jul',
  'Aug',
  'Sept',
  'Oct',
  'Nov',
  'Dec',
] as const;

/**
 * "5 Sept 2026, 9:07" in local time: what `Intl.DateTimeFormat('en-NG', { day: 'numeric', month:
 * 'short', year: 'numeric', hour: 'numeric', minute: '2-digit' })` writes (the unit test holds it to
 * that), without Intl. A page's first Intl date formatter costs 20–50 ms of locale set-up on the
 * main thread (more on a slow phone), which made it the longest task of Home's first load.
 */
export function formatTransactionDate(transaction: Pick<Transaction, 'created_at'>): string {
  const date = new Date(transaction.created_at);
  if (Number.isNaN(date.getTime())) return '';
  const minutes = String(date.getMinutes()).padStart(2, '0');
  const month = shortMonths[date.getMonth()] ?? '';
  return `${String(date.getDate())} ${month} ${String(date.getFullYear())}, ${String(date.getHours())}:${minutes}`;
}
