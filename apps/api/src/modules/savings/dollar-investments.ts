import { basisPoints } from './plan-terms.ts';
import { randomUUID } from 'node:crypto';
import { dollarInvestmentMessages, type CreateDollarInvestmentBody } from '@ajo/contracts/dollar';
import type { SavingRecord, SavingsDuration } from '@ajo/contracts/savings';
import { formatMinorAsDecimal, formatMoney } from '@ajo/money/format';
import { insertActivity } from '../../money/activity.ts';
import { openProductAccount, openWallet } from '../../money/ledger/ledger.service.ts';
import { addDays, businessDate, type Clock, readableDate } from '../../platform/clock.ts';
import type { Database, Tx } from '../../platform/db.ts';
import { AppError } from '../../platform/errors.ts';
import { insertNotification } from '../../platform/notifications.ts';
import type { ExchangeRateProvider } from '../../providers/rates/rates.port.ts';
import { dollarAmount, dollars, invalid, postConversion } from './dollar-movements.ts';
import * as quotes from './dollar-quotes.ts';
import * as repository from './dollar.repository.ts';
import * as savingsRepository from './savings.repository.ts';
import { toRecord } from './savings.service.ts';
import { referenceForKey, replayedIf } from '../../platform/idempotency.ts';

export interface DollarDependencies {
  database: Database;
  clock: Clock;
  rates: ExchangeRateProvider;
}

/** Percent per annum (4 for 4%) to basis points, as the plan keeps it. */

interface NewInvestment {
  userId: string;
  product: savingsRepository.ProductRow;
  duration: SavingsDuration;
  reference: string;
  quote: repository.QuoteRow;
  now: Date;
}

/**
 * Inside the caller's transaction: the conversion into the plan's own USD account, the quote
 * marked used, the plan (the product's rate fixed, the quote it was bought at), its activity row
 * (a `saving` debit of the naira, the dollars, rate and plan in its metadata) and a notice.
 */
async function fundPlan(tx: Tx, investment: NewInvestment) {
  const { userId, product, duration, reference, quote, now } = investment;
  const id = randomUUID();
  const usdMinor = BigInt(quote.usd_minor);
  const nairaMinor = quotes.nairaTotalMinor(quote);
  const rate = quotes.formatRate(quote.rate);
  const terms = `${duration.label} at ${String(duration.rate)}% p.a.`;
  const description = `Dollar investment: ${formatMoney(usdMinor, 'USD')} at ${rate} per $1 (${terms})`;
  const account = await openProductAccount(tx, {
    userId,
    product: 'saving',
    productId: id,
    currency: 'USD',
  });
  await postConversion(tx, {
    reference,
    quote,
    nairaAccountId: (await openWallet(tx, userId, 'NGN')).id,
    dollarAccountId: account.id,
    description,
    metadata: { plan_id: id },
    at: now,
  });
  await repository.markQuoteUsed(tx, quote.id, now);
  const startOn = businessDate(now);
  const maturityOn = addDays(startOn, duration.days);
  await savingsRepository.insertPlan(tx, {
    id,
    userId,
    productId: product.id,
    reference,
    reason: 'Dollar investment',
    currency: 'USD',
    principalMinor: usdMinor,
    duration,
    rateBps: basisPoints(duration.rate),
    startOn,
    maturityOn,
    accruedThrough: addDays(startOn, -1),
    ledgerAccountId: account.id,
    at: now,
    fundingQuoteId: quote.id,
  });
  const plan = await savingsRepository.planByReference(tx, reference);
  if (!plan) throw new Error('the plan just made could not be read');
  const ids = { saving_id: plan.saving_id, order_id: id };
  const activity = await insertActivity(tx, {
    userId,
    kind: 'saving',
    status: 'successful',
    direction: 'debit',
    channel: 'wallet',
    currency: 'NGN',
    amountMinor: nairaMinor,
    feeMinor: BigInt(quote.fee_minor),
    reference,
    provider: null,
    providerReference: null,
    description,
    metadata: {
      saving: { ...ids, product: 'dollar', event: 'created', maturity_date: maturityOn },
      dollar_investment: {
        ...ids,
        amount: formatMinorAsDecimal(usdMinor),
        currency: 'USD',
        rate: quote.rate,
        naira_amount: formatMinorAsDecimal(BigInt(quote.ngn_minor)),
        fee: formatMinorAsDecimal(BigInt(quote.fee_minor)),
        quote_id: quote.id,
      },
    },
    at: now,
  });
  await insertNotification(tx, {
    userId,
    title: 'Dollar investment started',
    body: `${formatMoney(usdMinor, 'USD')} is invested for ${terms}, bought for ${formatMoney(nairaMinor, 'NGN')} at ${rate} per $1. On ${readableDate(maturityOn)} it comes to your dollar wallet with its interest.`,
    now,
    transactionId: activity?.id,
  });
  return plan;
}

export function dollarInvestmentsService({ database, clock, rates }: DollarDependencies) {
  const quoting = quotes.quoteService({ database, clock, rates });

  async function dollarProduct() {
    const product = (await savingsRepository.products(database.db)).find(
      (row) => row.slug === 'dollar',
    );
    if (!product?.active) {
      throw new AppError('product_unavailable', 'This savings product is not available now', 422);
    }
    return product;
  }

  /** An investment's amount: dollars, at least the product's minimum ($50). */
  async function investmentAmount(input: unknown) {
    const product = await dollarProduct();
    const usdMinor = dollarAmount(input);
    const minimumMinor = BigInt(product.minimum_minor);
    if (usdMinor < minimumMinor) {
      throw invalid('amount', `Amount must be at least ${dollars(minimumMinor)}`, 'below_minimum');
    }
    return { product, usdMinor };
  }

  /** `GET /savings/dollar/quote`: what `amount` dollars cost in naira now. */
  async function quote(userId: string, amount: string) {
    const { usdMinor } = await investmentAmount(amount);
    return quotes.toQuote(await quoting.create(userId, quotes.investmentQuote, usdMinor));
  }

  /**
   * A dollar plan bought with naira at a confirmed quote, in one transaction (`fundPlan`), the
   * quote locked until it ends. The same Idempotency-Key answers the same plan; a quote that is
   * missing, expired, used or for another amount writes nothing and answers 409 with a new
   * quote to confirm.
   */
  async function invest(
    userId: string,
    body: CreateDollarInvestmentBody,
    idempotencyKey: string,
  ): Promise<SavingRecord> {
    const { product, usdMinor } = await investmentAmount(body.amount);
    const duration = product.meta.durations.find((option) => option.id === body.duration);
    if (!duration) {
      throw invalid('duration', dollarInvestmentMessages.noDuration, 'invalid_duration');
    }
    const reference = referenceForKey('AJO-USD', 'AJO-USD', userId, idempotencyKey);
    const now = clock.now();
    const terms = quotes.investmentQuote;
    type Outcome = { refused: quotes.QuoteProblem } | { plan: savingsRepository.PlanRow };
    const outcome = await database.unitOfWork(async (tx): Promise<Outcome> => {
      const existing = await savingsRepository.planByReference(tx, reference);
      if (existing) {
        const same =
          existing.principal_minor === usdMinor.toString() && existing.duration_id === duration.id;
        return { plan: replayedIf(existing, same) };
      }
      const quoteId = body.quote_id;
      const found = await repository.lockQuote(tx, { userId, quoteId, ...terms, usdMinor });
      const problem = quotes.quoteProblem(found, terms, usdMinor, now);
      if (problem || !found) return { refused: problem ?? 'quote_required' };
      const plan = await fundPlan(tx, { userId, product, duration, reference, quote: found, now });
      return { plan };
    });
    if ('refused' in outcome) {
      throw await quoting.refusal(userId, terms, usdMinor, outcome.refused);
    }
    return toRecord(outcome.plan);
  }

  return { quote, invest };
}

export type DollarInvestmentsService = ReturnType<typeof dollarInvestmentsService>;
