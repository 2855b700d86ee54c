import type { BankAccount } from '@ajo/contracts/banks';

/** The names people use for the big banks; any other bank keeps its full name. */
const shortBankNames: Record<string, string> = {
  '011': 'First Bank',
  '033': 'UBA',
  '032': 'Union Bank',
  '050': 'Ecobank',
  '058': 'GTBank',
  '214': 'FCMB',
  '221': 'Stanbic IBTC',
};

export function shortBankName(bankCode: string, bankName: string): string {
  return shortBankNames[bankCode] ?? bankName;
}

/** "••••1234": only the last four digits are ever shown. */
export function maskAccountNumber(accountNumber: string): string {
  return `••••${accountNumber.slice(-4)}`;
}

/** "GTBank ••••1234". */
export function bankAccountLabel(
  account: Pick<BankAccount, 'bank_code' | 'bank_name' | 'account_number'>,
): string {
  return `${shortBankName(account.bank_code, account.bank_name)} ${maskAccountNumber(account.account_number)}`;
}
