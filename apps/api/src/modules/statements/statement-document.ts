import type { StatementWallet } from './statement-model.ts';

/** Everything a statement file shows, whatever its format. */
export interface StatementDocument {
  code: string;
  /** The public page where anyone checks the code or the file. */
  verifyUrl: string;
  holderName: string;
  email: string;
  /** The funding account, masked, with its bank; null before the user has one. */
  account: { number: string; bankName: string } | null;
  from: string;
  to: string;
  issuedAt: Date;
  wallets: StatementWallet[];
}
