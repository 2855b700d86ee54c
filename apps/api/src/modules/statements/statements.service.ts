import { createHash, randomBytes } from 'node:crypto';
import type {
  IssuedStatement,
  StatementFileVerification,
  StatementFormat,
} from '@ajo/contracts/statements';
import { businessDate, type Clock } from '../../platform/clock.ts';
import type { Database } from '../../platform/db.ts';
import { AppError, notFound } from '../../platform/errors.ts';
import { isoTimestamp } from '../../platform/timestamps.ts';
import { statementCsv } from './statement-csv.ts';
import type { StatementDocument } from './statement-document.ts';
import { reconciles, statementWallet } from './statement-model.ts';
import { statementPdf } from './statement-pdf.ts';
import { statementPeriod } from './statement-period.ts';
import { maskedAccountNumber, maskedHolder } from './statement-text.ts';
import * as repository from './statements.repository.ts';

/** Crockford's base32: no I, L, O or U, so a code read aloud or typed is not misread. */
const CODE_ALPHABET = '0123456789ABCDEFGHJKMNPQRSTVWXYZ';

/** 80 random bits as XXXX-XXXX-XXXX-XXXX: a code nobody can guess or enumerate. */
export function newStatementCode(): string {
  const bytes = randomBytes(10);
  let bits = 0n;
  for (const byte of bytes) bits = (bits << 8n) | BigInt(byte);
  let code = '';
  for (let index = 0; index < 16; index += 1) {
    code = (CODE_ALPHABET[Number(bits & 31n)] ?? '0') + code;
    bits >>= 5n;
  }
  return code.match(/.{4}/g)?.join('-') ?? code;
}

export const sha256Hex = (bytes: Uint8Array) => createHash('sha256').update(bytes).digest('hex');

export interface IssuedFile {
  bytes: Buffer;
  fileName: string;
  contentType: string;
  code: string;
}

const publicView = (row: repository.IssuedStatementRow): IssuedStatement => ({
  code: row.code,
  holder: row.holder_masked,
  from: row.from_date,
  to: row.to_date,
  format: row.format,
  issued_at: isoTimestamp(row.issued_at),
});

export function statementsService(deps: { database: Database; clock: Clock }) {
  const { database, clock } = deps;

  /**
   * The user's statement for a period, from the ledger only, in one read transaction so the two
   * wallets and the holder come from one snapshot; then the file, its code and its record.
   */
  async function issue(
    userId: string,
    query: { from: string; to: string; format: StatementFormat },
    /** The web app's address, for the verification URL printed on the statement. */
    webOrigin: string,
  ): Promise<IssuedFile> {
    const verifyUrl = `${webOrigin}/statements/verify`;
    const issuedAt = clock.now();
    const period = statementPeriod(query.from, query.to, businessDate(issuedAt));
    const { holder, wallets } = await database.unitOfWork(async (tx) => {
      const found = await repository.findHolder(tx, userId);
      const ledgers = [];
      for (const currency of ['NGN', 'USD'] as const) {
        ledgers.push(
          await repository.findWalletLedger(tx, {
            userId,
            currency,
            start: period.start,
            end: period.end,
          }),
        );
      }
      return { holder: found, wallets: ledgers.map(statementWallet) };
    });
    if (!holder) throw notFound('We could not find your account');
    // Built from the same postings, so this holds unless the ledger itself is broken: then no
    // statement is better than a wrong one.
    if (!wallets.every(reconciles)) {
      throw new AppError(
        'statement_unavailable',
        'Your statement could not be prepared right now. Please try again later',
        503,
      );
    }
    const code = newStatementCode();
    const document: StatementDocument = {
      code,
      verifyUrl,
      holderName: `${holder.first_name} ${holder.last_name}`,
      email: holder.email,
      account:
        holder.account_number && holder.bank_name
          ? { number: maskedAccountNumber(holder.account_number), bankName: holder.bank_name }
          : null,
      from: period.from,
      to: period.to,
      issuedAt,
      wallets,
    };
    const bytes = query.format === 'pdf' ? await statementPdf(document) : statementCsv(document);
    await repository.insertStatement(database.db, {
      code,
      userId,
      fromDate: period.from,
      toDate: period.to,
      format: query.format,
      holderMasked: maskedHolder(holder.first_name, holder.last_name),
      sha256: sha256Hex(bytes),
      issuedAt,
    });
    return {
      bytes,
      code,
      fileName: `ajo-statement-${period.from}-to-${period.to}.${query.format}`,
      contentType: query.format === 'pdf' ? 'application/pdf' : 'text/csv; charset=utf-8',
    };
  }

  /** Whether a code was issued by us, and for whom (masked), which period and when. */
  async function verifyCode(code: string): Promise<IssuedStatement> {
    const found = await repository.findStatementByCode(database.db, code);
    if (!found) {
      throw notFound(
        'No statement was issued with this code. Check the code on the statement, or treat the statement as not genuine',
      );
    }
    return publicView(found);
  }

  /**
   * Whether a file's bytes are exactly those we issued: by its SHA-256 alone, or against the code
   * it claims. One changed byte changes the hash, so an edited statement matches nothing.
   */
  async function verifyFile(input: {
    code?: string | undefined;
    file?: string | undefined;
    sha256?: string | undefined;
  }): Promise<StatementFileVerification> {
    const hash = input.file ? sha256Hex(Buffer.from(input.file, 'base64')) : (input.sha256 ?? '');
    if (input.code) {
      const found = await repository.findStatementByCode(database.db, input.code);
      if (!found) return { unaltered: false, statement: null };
      return { unaltered: found.sha256 === hash, statement: publicView(found) };
    }
    const found = await repository.findStatementByHash(database.db, hash);
    return found
      ? { unaltered: true, statement: publicView(found) }
      : { unaltered: false, statement: null };
  }

  return { issue, verifyCode, verifyFile };
}
