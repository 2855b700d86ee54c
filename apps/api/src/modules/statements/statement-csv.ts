import { formatMinorAsDecimal } from '@ajo/money/format';
import { businessDate } from '../../platform/clock.ts';
import type { StatementDocument } from './statement-document.ts';
import { lagosClock } from './statement-text.ts';

const columns = [
  'wallet',
  'date',
  'time',
  'description',
  'reference',
  'debit',
  'credit',
  'balance',
  'fee',
  'interest_gross',
  'withholding_tax',
  'interest_net',
] as const;

/**
 * A cell as RFC 4180 quotes it. Text a spreadsheet would run as a formula (starting with = + - @
 * or a control character) gets a leading apostrophe: descriptions come partly from other people
 * (a sender's name).
 */
function cell(value: string): string {
  const safe = /^[=+\-@\t\r]/.test(value) ? `'${value}` : value;
  return /[",\r\n]/.test(safe) ? `"${safe.replaceAll('"', '""')}"` : safe;
}

const amount = (minor: bigint | null) => (minor === null ? '' : formatMinorAsDecimal(minor));

/**
 * One row per movement, each wallet between an opening and a closing balance row, amounts as
 * plain decimals (no grouping, no currency sign) so a spreadsheet reads them as numbers. The last
 * row carries the verification code.
 */
export function statementCsv(document: StatementDocument): Buffer {
  const lines: string[][] = [[...columns]];
  const blank = ['', '', '', '', ''] as const;
  for (const wallet of document.wallets) {
    lines.push([
      wallet.currency,
      document.from,
      '',
      'Opening balance',
      '',
      '',
      '',
      amount(wallet.openingMinor),
      ...blank.slice(1),
    ]);
    for (const line of wallet.lines) {
      lines.push([
        wallet.currency,
        businessDate(line.at),
        lagosClock(line.at),
        line.description,
        line.reference,
        line.debitMinor > 0n ? amount(line.debitMinor) : '',
        line.creditMinor > 0n ? amount(line.creditMinor) : '',
        amount(line.balanceMinor),
        line.feeMinor > 0n ? amount(line.feeMinor) : '',
        amount(line.interest?.grossMinor ?? null),
        amount(line.interest?.withholdingTaxMinor ?? null),
        amount(line.interest?.netMinor ?? null),
      ]);
    }
    lines.push([
      wallet.currency,
      document.to,
      '',
      'Closing balance',
      '',
      amount(wallet.debitsMinor),
      amount(wallet.creditsMinor),
      amount(wallet.closingMinor),
      amount(wallet.feesMinor),
      amount(wallet.interest.grossMinor),
      amount(wallet.interest.withholdingTaxMinor),
      amount(wallet.interest.netMinor),
    ]);
  }
  lines.push([
    '',
    businessDate(document.issuedAt),
    '',
    `Verification code ${document.code}: check at ${document.verifyUrl}`,
    document.code,
    ...blank,
    '',
    '',
  ]);
  return Buffer.from(`${lines.map((line) => line.map(cell).join(',')).join('\r\n')}\r\n`, 'utf8');
}
