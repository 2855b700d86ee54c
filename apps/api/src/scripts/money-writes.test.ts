import { describe, expect, it } from 'vitest';
import { moneyWrites, writesOutsideCore } from './money-writes.ts';

describe('the money-table write check', () => {
  it.each([
    'sql`update transactions set status = ${status} where id = ${id}`',
    'sql`insert into postings (entry_id) values (${id})`',
    'await tx.execute(sql`delete from ledger_holds where id = ${holdId}`)',
    'UPDATE "ledger_accounts" SET balance_minor = 0',
    'truncate table provider_movements',
    'await db.insert(transactions).values(row)',
    'await db.update(ledgerAccounts).set({})',
  ])('when a file outside the core has %s, then it is reported', (line) => {
    expect(moneyWrites(`const x = 1;\n${line}\n`)).toEqual([{ line: 2, text: line }]);
  });

  it.each([
    'sql`select * from transactions where id = ${id}`',
    'sql`update users set tier = 2`',
    'sql`update transactions_archive set x = 1`',
    '// we never update the ledger here',
    'sql`insert into notifications (user_id) values (${id})`',
  ])('when a file has %s, then nothing is reported', (line) => {
    expect(moneyWrites(line)).toEqual([]);
  });

  it('when the repository is checked, then no file outside apps/api/src/money writes a money table', () => {
    expect(writesOutsideCore()).toEqual([]);
  });
});
