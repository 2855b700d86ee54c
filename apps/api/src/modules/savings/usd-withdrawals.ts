import type { UsdWithdrawalBody } from '@ajo/contracts/dollar';
import { formatMinorAsDecimal, formatMoney } from '@ajo/money/format';
import { findActivityByReference, insertActivities, toTransaction } from '../../money/activity.ts';
import { openWallet } from '../../money/ledger/ledger.service.ts';
import type { Tx } from '../../platform/db.ts';
import { insertNotification } from '../../platform/notifications.ts';
import type { DollarDependencies } from './dollar-investments.ts';
import { dollarAmount, postConversion } from './dollar-movements.ts';
import * as quotes from './dollar-quotes.ts';
import * as repository from './dollar.repository.ts';
import { referenceForKey, replayedIf } from '../../platform/idempotency.ts';

/**
 * Inside the caller's transaction: the conversion out of the USD wallet into the NGN wallet, the
 * quote marked used, two activity rows of type `fx` (the USD debit, the NGN credit) and a notice.
 */
async function convert(
  tx: Tx,
  userId: string,
  reference: string,
  quote: repository.QuoteRow,
  now: Date,
) {
  const usdMinor = BigInt(quote.usd_minor);
  const nairaMinor = quotes.nairaTotalMinor(quote);
  const feeMinor = BigInt(quote.fee_minor);
  const rate = quotes.formatRate(quote.rate);
  const description = `${formatMoney(usdMinor, 'USD')} to naira at ${rate} per $1`;
  await postConversion(tx, {
    reference,
    quote,
    nairaAccountId: (await openWallet(tx, userId, 'NGN')).id,
    dollarAccountId: (await openWallet(tx, userId, 'USD')).id,
    description,
    metadata: {},
    at: now,
  });
  await repository.markQuoteUsed(tx, quote.id, now);
  const fx = {
    quote_id: quote.id,
    rate: quote.rate,
    amount: formatMinorAsDecimal(usdMinor),
    naira_amount: formatMinorAsDecimal(BigInt(quote.ngn_minor)),
    fee: formatMinorAsDecimal(feeMinor),
  };
  const leg = {
    userId,
    kind: 'fx' as const,
    status: 'successful' as const,
    channel: 'wallet' as const,
    provider: null,
    providerReference: null,
    description,
    metadata: { fx },
    at: now,
  };
  const [debit, credit] = await insertActivities(tx, [
    {
      ...leg,
      direction: 'debit',
      currency: 'USD',
      amountMinor: usdMinor,
      feeMinor: 0n,
      reference: `${reference}-USD`,
    },
    {
      ...leg,
      direction: 'credit',
      currency: 'NGN',
      amountMinor: nairaMinor,
      feeMinor,
      reference: `${reference}-NGN`,
    },
  ]);
  if (!debit || !credit) throw new Error('the conversion’s activity rows were not written');
  await insertNotification(tx, {
    userId,
    title: 'Dollars converted to naira',
    body: `${formatMoney(usdMinor, 'USD')} left your dollar wallet and ${formatMoney(nairaMinor, 'NGN')} reached your naira wallet at ${rate} per $1.`,
    now,
    transactionId: credit.id,
  });
  const used: repository.QuoteRow = { ...quote, used_at: now };
  return { quote: used, debit, credit };
}

/** A withdrawal already made under this key (a retry that outran the idempotency record). */
async function madeBefore(tx: Tx, reference: string) {
  const debit = await findActivityByReference(tx, `${reference}-USD`);
  const credit = await findActivityByReference(tx, `${reference}-NGN`);
  const quoteId = (credit?.metadata.fx as { quote_id?: string } | undefined)?.quote_id;
  const quote = quoteId ? await repository.quoteById(tx, quoteId) : undefined;
  return debit && credit && quote ? { quote, debit, credit } : undefined;
}

/** The spec's "Make a Withdrawal": dollars from the USD wallet to the NGN wallet. */
export function usdWithdrawalsService({ database, clock, rates }: DollarDependencies) {
  const quoting = quotes.quoteService({ database, clock, rates });
  const terms = quotes.withdrawalQuote;

  /** `GET /wallets/usd/withdraw/quote`: what `amount` dollars fetch in naira now. */
  async function quote(userId: string, amount: string) {
    const usdMinor = dollarAmount(amount);
    return quotes.toQuote(await quoting.create(userId, terms, usdMinor));
  }

  /**
   * Dollars to naira at a confirmed sell quote, in one transaction (`convert`), the quote locked
   * until it ends. The same Idempotency-Key answers the same conversion; a quote that is
   * missing, expired, used or for another amount writes nothing and answers 409 with a new one.
   */
  async function withdraw(userId: string, body: UsdWithdrawalBody, idempotencyKey: string) {
    const usdMinor = dollarAmount(body.amount);
    const reference = referenceForKey('AJO-FX', 'AJO-FX', userId, idempotencyKey);
    const now = clock.now();
    type Done = Awaited<ReturnType<typeof convert>>;
    const outcome = await database.unitOfWork(
      async (tx): Promise<{ refused: quotes.QuoteProblem } | Done> => {
        const done = await madeBefore(tx, reference);
        if (done) return replayedIf(done, done.quote.usd_minor === usdMinor.toString());
        const quoteId = body.quote_id;
        const found = await repository.lockQuote(tx, { userId, quoteId, ...terms, usdMinor });
        const problem = quotes.quoteProblem(found, terms, usdMinor, now);
        if (problem || !found) return { refused: problem ?? 'quote_required' };
        return convert(tx, userId, reference, found, now);
      },
    );
    if ('refused' in outcome) {
      throw await quoting.refusal(userId, terms, usdMinor, outcome.refused);
    }
    return {
      quote: quotes.toQuote(outcome.quote),
      debit: toTransaction(outcome.debit),
      credit: toTransaction(outcome.credit),
    };
  }

  return { quote, withdraw };
}

export type UsdWithdrawalsService = ReturnType<typeof usdWithdrawalsService>;
