import { transactionChannels, transactionStatuses, transactionTypes } from '@ajo/contracts/wallet';

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
  adjustment: 'Correction',
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
