import type { BankAccount } from '@ajo/contracts/banks';

/*
 * One name for a bank account everywhere it shows: the withdraw panel, the linked accounts, the
 * history ("Withdrawal to Guaranty Trust Bank ••••••1234") and the notices the server writes. The
 * server masks the same way (the last four digits, padded to the account number's ten places),
 * so a person recognises the account from one screen to the next.
 */

/** "••••••1234": only the last four digits are ever shown. */
export function maskAccountNumber(accountNumber: string): string {
  return accountNumber.slice(-4).padStart(10, '•');
}

/** "Guaranty Trust Bank ••••••1234". */
export function bankAccountLabel(
  account: Pick<BankAccount, 'bank_name' | 'account_number'>,
): string {
  return `${account.bank_name} ${maskAccountNumber(account.account_number)}`;
}
