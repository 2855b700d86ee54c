import type { SQL } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import {
  assetClasses,
  assetClassLabels,
  type Holding,
  type Portfolio,
  type PortfolioHistory,
  type PortfolioTotal,
} from '@ajo/contracts/portfolio';
import { abbreviateAmount } from '@ajo/money/abbreviate';
import { formatMinorAsDecimal, formatMoney } from '@ajo/money/format';
import { addDays, businessDate, type Clock } from '../../platform/clock.ts';
import type { Database } from '../../platform/db.ts';
import { AppError } from '../../platform/errors.ts';
import type { JobDefinition } from '../../platform/jobs.ts';
import { cachedRead } from '../../platform/read-cache.ts';
import { sessionReads } from '../../platform/session-reads.ts';
import type { SessionCheck } from '../../platform/sessions.ts';
import type { ExchangeRateProvider } from '../../providers/rates/rates.port.ts';
import { walletSource } from './cash-sources.ts';
import { commoditySource, fixedIncomeSource, realEstateSource } from './investment-sources.ts';
import type { PortfolioSource } from './portfolio-source.ts';
import * as repository from './portfolio.repository.ts';
import { savingsPlanSource } from './savings-sources.ts';
import { currentValuationRate, nairaValueMinor, type ValuationRate } from './valuation-rate.ts';

/**
 * Every product's source. A new asset class adds its `PortfolioSource` here (or passes it in
 * `extraSources`): nothing else changes (the total, the list, the snapshot and the history all
 * read through them).
 */
export const builtInSources: readonly PortfolioSource[] = [
  walletSource,
  savingsPlanSource,
  commoditySource,
  fixedIncomeSource,
  realEstateSource,
];

export interface PortfolioDependencies {
  database: Database;
  clock: Clock;
  rates: ExchangeRateProvider;
  log: FastifyBaseLogger;
  extraSources?: readonly PortfolioSource[];
  /** Users per snapshot statement. */
  snapshotChunkSize?: number;
}

const firstUserId = '00000000-0000-0000-0000-000000000000';
/** Stands in for a missing rate: converts to 0, and a dollar holding then refuses the read. */
const noRate: ValuationRate = { text: '0', units: 0n, scale: 1n, at: new Date(0) };

const rateUnavailable = () =>
  new AppError(
    'valuation_rate_unavailable',
    'Your dollar holdings cannot be valued right now because no exchange rate is set. Please try again shortly.',
    503,
  );

const toValuationRate = (rate: ValuationRate | null): PortfolioTotal['valuation_rate'] =>
  rate && {
    currency_pair: 'USD_NGN',
    side: 'sell',
    rate: rate.text,
    at: rate.at.toISOString(),
  };

/** "₦1,250,000.00" and the spec's short form "₦1.25m" (a true minus sign below zero). */
const abbreviatedNaira = (amountMinor: bigint) =>
  amountMinor < 0n
    ? `\u2212₦${abbreviateAmount(-amountMinor)}`
    : `₦${abbreviateAmount(amountMinor)}`;

export function portfolioService(deps: PortfolioDependencies) {
  const { database, clock, rates, log } = deps;
  const sources = [...builtInSources, ...(deps.extraSources ?? [])];
  const chunkSize = deps.snapshotChunkSize ?? 2000;

  /**
   * The valuation rate, reused for a few seconds (`cachedRead`): every Home load reads it, and a
   * valuation (unlike a quote, which reads it fresh) may trail an operator's change by that long.
   */
  const valuationRate = () =>
    cachedRead(database.db, 'portfolio:valuation-rate', () => currentValuationRate(rates));

  /**
   * Every class's naira value now, wallet first (a class nobody holds reads 0), and the last
   * snapshot, from the rows `classValuesOf` found for one owner.
   */
  function classValuesFrom(found: readonly repository.ClassValueRow[], rate: ValuationRate | null) {
    const classes = found.filter((row) => row.row_kind === 'class');
    if (!rate && classes.some((row) => (row.dollar_holdings ?? 0) > 0)) throw rateUnavailable();
    const byClass = new Map(classes.map((row) => [row.asset_class, BigInt(row.naira_minor ?? 0)]));
    const values = assetClasses.map((assetClass) => ({
      assetClass,
      nairaMinor: byClass.get(assetClass) ?? 0n,
    }));
    const snapshot = found.find((row) => row.row_kind === 'snapshot');
    return {
      rate,
      values,
      totalMinor: values.reduce((sum, item) => sum + item.nairaMinor, 0n),
      last:
        snapshot?.on_date == null
          ? undefined
          : { onDate: snapshot.on_date, totalMinor: BigInt(snapshot.naira_minor ?? 0) },
    };
  }

  /** The rows of `owners` valued now (each row under its owner's `ord`), and the rate used. */
  async function valueOwners(owners: SQL) {
    const rate = await valuationRate();
    const found = await repository.classValuesOf(database.db, sources, {
      owners,
      rate: rate ?? noRate,
      today: businessDate(clock.now()),
    });
    return { found, shared: rate };
  }

  /**
   * Totals asked for at the same moment share one statement (`sessionReads`): it checks every
   * request's session and values every owner, so a busy Home costs one round trip and one
   * statement per batch instead of one per request (decision 0024).
   */
  const valuedForSession = sessionReads(valueOwners);

  /** GET /portfolios/total-amount: now, by class, and the change since the last snapshot. */
  async function totalAmount(session: SessionCheck): Promise<PortfolioTotal> {
    const { found, shared: rate } = await valuedForSession(session);
    const { values, totalMinor, last } = classValuesFrom(found, rate);
    return {
      currency: 'NGN',
      total: formatMinorAsDecimal(totalMinor),
      total_minor: totalMinor.toString(),
      formatted: formatMoney(totalMinor, 'NGN'),
      abbreviated: abbreviatedNaira(totalMinor),
      breakdown: values.map(({ assetClass, nairaMinor }) => ({
        class: assetClass,
        label: assetClassLabels[assetClass],
        amount: formatMinorAsDecimal(nairaMinor),
        amount_minor: nairaMinor.toString(),
      })),
      valuation_rate: toValuationRate(rate),
      change: last
        ? { since: last.onDate, amount: formatMinorAsDecimal(totalMinor - last.totalMinor) }
        : null,
    };
  }

  /** GET /portfolios: every holding with its cost, value and gain, and its naira value. */
  async function holdings(userId: string): Promise<Portfolio> {
    const rate = await valuationRate();
    const found = await repository.holdingsOf(
      database.db,
      sources,
      userId,
      businessDate(clock.now()),
    );
    // Class by class in Home's order; within a class, as the sources list them.
    const rank = (row: { asset_class: string }) =>
      assetClasses.indexOf(row.asset_class as (typeof assetClasses)[number]);
    const items = found
      .sort((a, b) => rank(a) - rank(b))
      .map((row): Holding => {
        const costMinor = BigInt(row.cost_minor);
        const valueMinor = BigInt(row.value_minor);
        if (row.currency === 'USD' && !rate && valueMinor !== 0n) throw rateUnavailable();
        const nairaMinor =
          row.currency === 'USD' ? nairaValueMinor(valueMinor, rate ?? noRate) : valueMinor;
        return {
          id: row.id,
          class: row.asset_class,
          name: row.name,
          currency: row.currency,
          cost: formatMinorAsDecimal(costMinor),
          value: formatMinorAsDecimal(valueMinor),
          gain: formatMinorAsDecimal(valueMinor - costMinor),
          value_naira: formatMinorAsDecimal(nairaMinor),
        };
      });
    return { items, valuation_rate: toValuationRate(rate) };
  }

  /** GET /portfolios/history: the snapshots of the last `days` − 1 days, then today's value. */
  async function history(userId: string, days: number): Promise<PortfolioHistory> {
    const today = businessDate(clock.now());
    const [past, valued] = await Promise.all([
      repository.snapshotsBetween(database.db, userId, addDays(today, 1 - days), today),
      valueOwners(repository.ownersOfUserIds([userId])),
    ]);
    const now = classValuesFrom(valued.found, valued.shared);
    const items = past.map((row) => ({
      date: row.on_date,
      total: formatMinorAsDecimal(BigInt(row.total_minor)),
    }));
    items.push({ date: today, total: formatMinorAsDecimal(now.totalMinor) });
    return { currency: 'NGN', items };
  }

  /**
   * The daily snapshot: every user's portfolio at the end of a Lagos day (`onDate`, yesterday by
   * the clock when not given), valued when this runs, chunk by chunk in user-id order, one
   * statement per chunk. Rerunning writes nothing twice. The job runs it in the day's last minutes
   * (`end of day`), before the night's interest and the next day's instalments, maturities,
   * coupons and rent, which belong to the next day; the sandbox's clock takes it at the same
   * point of each day it moves through.
   */
  async function snapshotDay(onDate = addDays(businessDate(clock.now()), -1)) {
    const rate = await currentValuationRate(rates);
    if (!rate) throw new Error('portfolio snapshot: no USD_NGN exchange rate to value dollars at');
    const takenAt = clock.now();
    let after = firstUserId;
    let written = 0;
    for (;;) {
      const edge = await repository.chunkEdge(database.db, after, chunkSize);
      written += await repository.writeSnapshots(database.db, {
        sources,
        users: repository.usersInChunk(after, edge),
        onDate,
        rate,
        takenAt,
      });
      if (edge === undefined) break;
      after = edge;
    }
    log.info({ onDate, written }, 'portfolio snapshots written');
    return { onDate, written };
  }

  const snapshotJob: JobDefinition = {
    name: 'portfolio-snapshot',
    schedule: 'end of day',
    maxAttempts: 24,
    run: async ({ key }) => {
      await snapshotDay(key);
    },
  };

  return { totalAmount, holdings, history, snapshotDay, snapshotJob, sources };
}

export type PortfolioService = ReturnType<typeof portfolioService>;
