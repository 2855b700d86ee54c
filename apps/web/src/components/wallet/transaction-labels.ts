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
  bill_payment: 'Bill payment',
  savings: 'Savings',
  investment: 'Investment',
  card: 'Dollar card',
};

export const transactionStatusLabels: Record<TransactionStatus, string> = {
  pending: 'Pending',
  successful: 'Successful',
  failed: 'Failed',
  reversed: 'Reversed',
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

const dateTimeFormat = new Intl.DateTimeFormat('en-NG', {
  day: 'numeric',
  month: 'short',
  year: 'numeric',
  hour: 'numeric',
  minute: '2-digit',
});

export function formatTransactionDate(transaction: Pick<Transaction, 'created_at'>): string {
  const date = new Date(transaction.created_at);
  return Number.isNaN(date.getTime()) ? '' : dateTimeFormat.format(date);
}
