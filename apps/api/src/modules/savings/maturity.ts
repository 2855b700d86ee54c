import { sql } from 'drizzle-orm';
import { formatMoney } from '@ajo/money/format';
import type { Currency } from '@ajo/money/currency';
import { insertActivities } from '../../money/activity.ts';
import { move, systemAccount, walletsOf } from '../../money/ledger/ledger.service.ts';
import { batchInput, rows, type Database } from '../../platform/db.ts';
import { insertNotifications } from '../../platform/notifications.ts';

/** Withholding tax on interest paid to savers (DOMAIN.md): 10%. */
export const withholdingTaxPercent = 10n;

/** 10% of the gross interest, rounded half up to the minor unit. */
export const withholdingTaxMinor = (grossMinor: bigint) =>
  (grossMinor * withholdingTaxPercent * 2n + 100n) / 200n;

/** What maturity pays: the principal back, the gross interest less the tax on it. */
export function maturityFigures(balanceMinor: bigint, grossMinor: bigint) {
  const taxMinor = withholdingTaxMinor(grossMinor);
  const netMinor = grossMinor - taxMinor;
  return { grossMinor, taxMinor, netMinor, payoutMinor: balanceMinor + netMinor };
}

/**
 * What a plan's maturity pays: as `maturityFigures`, except that a target plan that did not reach
 * its target forfeits its interest (the spec's agreement): the deposits come back, nothing more.
 */
export function payoutAtMaturity(plan: {
  balanceMinor: bigint;
  accruedMinor: bigint;
  targetMinor: bigint | null;
}) {
  const missedTarget = plan.targetMinor !== null && plan.balanceMinor < plan.targetMinor;
  const kept = missedTarget ? 0n : plan.accruedMinor;
  return {
    ...maturityFigures(plan.balanceMinor, kept),
    forfeitedMinor: plan.accruedMinor - kept,
    missedTarget,
  };
}

/** Plans paid per transaction. */
const maturityBatchSize = 200;

interface DuePlan {
  id: string;
  saving_id: string;
  user_id: string;
  reference: string;
  currency: Currency;
  balance_minor: string;
  accrued_minor: string;
  target_minor: string | null;
  ledger_account_id: string;
  duration_label: string;
  product_name: string;
  product_slug: string;
}

/**
 * Pays every plan whose maturity date has come and whose every day has been accrued: principal
 * plus gross interest less 10% withholding tax to the wallet, the tax to its payable account,
 * in one ledger entry per plan keyed by the plan (so it can never be paid twice), with the plan
 * turned Matured, its activity row and a notice stating gross, tax and net, all in the same
 * transaction. Plans are locked (skipping those another worker holds) and a batch takes at most
 * one plan per user, as the ledger's batches require; the rest go in the next batch.
 */
export async function matureDuePlans(database: Database, today: string, at: Date): Promise<number> {
  let matured = 0;
  for (;;) {
    const paid = await database.unitOfWork(async (tx) => {
      const due = await rows<DuePlan>(
        tx,
        // The plan's columns come from the locking select itself, which returns the row as
        // any transaction that committed meanwhile left it (a top-up, another worker); a
        // second read of the table would see this statement's older snapshot.
        sql`with locked as (
              select p.id, p.saving_id, p.user_id, p.reference, p.currency,
                     p.balance_minor::text, p.accrued_minor::text, p.target_minor::text,
                     p.ledger_account_id, p.duration_label, p.maturity_on, p.product_id
                from savings_plans p
               where p.status = 'active' and p.maturity_on <= ${today}::date
                 and p.accrued_through + 1 >= p.maturity_on
               order by p.maturity_on, p.id limit ${maturityBatchSize * 4}
               for update skip locked)
            select distinct on (locked.user_id) locked.id, locked.saving_id, locked.user_id,
                   locked.reference, locked.currency, locked.balance_minor, locked.accrued_minor,
                   locked.target_minor, locked.ledger_account_id, locked.duration_label,
                   s.name as product_name, s.slug as product_slug
              from locked join savings_products s on s.id = locked.product_id
             order by locked.user_id, locked.maturity_on, locked.id
             limit ${maturityBatchSize}`,
      );
      if (due.length === 0) return 0;
      const currencies = [...new Set(due.map((plan) => plan.currency))];
      const wallets = new Map<Currency, Map<string, string>>();
      const accrued = new Map<Currency, string>();
      const tax = new Map<Currency, string>();
      const expense = new Map<Currency, string>();
      for (const currency of currencies) {
        const users = due.filter((plan) => plan.currency === currency).map((plan) => plan.user_id);
        wallets.set(currency, await walletsOf(tx, users, currency));
        accrued.set(currency, (await systemAccount(tx, 'accrued_interest', currency)).id);
        tax.set(currency, (await systemAccount(tx, 'withholding_tax_payable', currency)).id);
        expense.set(currency, (await systemAccount(tx, 'interest_expense', currency)).id);
      }
      const figures = due.map((plan) =>
        payoutAtMaturity({
          balanceMinor: BigInt(plan.balance_minor),
          accruedMinor: BigInt(plan.accrued_minor),
          targetMinor: plan.target_minor === null ? null : BigInt(plan.target_minor),
        }),
      );
      const none = payoutAtMaturity({ balanceMinor: 0n, accruedMinor: 0n, targetMinor: null });
      const entries = due.map((plan, index) => {
        const { grossMinor, taxMinor, payoutMinor, forfeitedMinor } = figures[index] ?? none;
        const balanceMinor = BigInt(plan.balance_minor);
        return {
          idempotencyKey: `savings-maturity:${plan.id}`,
          kind: 'saving_maturity',
          description: `${plan.product_name} plan matured (${plan.duration_label})`,
          currency: plan.currency,
          postings: [
            { accountId: plan.ledger_account_id, amountMinor: -balanceMinor },
            {
              accountId: accrued.get(plan.currency) ?? '',
              amountMinor: -(grossMinor + forfeitedMinor),
            },
            // Forfeited interest was never the saver's: it goes back against the expense.
            { accountId: expense.get(plan.currency) ?? '', amountMinor: forfeitedMinor },
            { accountId: tax.get(plan.currency) ?? '', amountMinor: taxMinor },
            {
              accountId: wallets.get(plan.currency)?.get(plan.user_id) ?? '',
              amountMinor: payoutMinor,
            },
          ].filter((posting) => posting.amountMinor !== 0n),
          metadata: { plan_id: plan.id },
          at,
        };
      });
      // A plan nothing was ever saved into (a target whose every instalment was missed, a
      // challenge joined and never topped up) matures with no money to move: no entry.
      const results = await move(
        tx,
        entries.filter((entry) => entry.postings.length > 0),
      );
      for (const result of results) {
        if (result.outcome === 'insufficient_funds') {
          throw new Error('a maturing plan did not hold its principal');
        }
      }
      const input = batchInput('matured', {
        id: ['uuid', due.map((plan) => plan.id)],
        tax: ['bigint', figures.map((figure) => figure.taxMinor.toString())],
        payout: ['bigint', figures.map((figure) => figure.payoutMinor.toString())],
        forfeited: ['bigint', figures.map((figure) => figure.forfeitedMinor.toString())],
      });
      await tx.execute(sql`update savings_plans p
          set status = 'matured', withholding_tax_minor = matured.tax,
              payout_minor = matured.payout, forfeited_minor = matured.forfeited,
              next_collection_on = null, matured_at = ${at.toISOString()}
         from ${input} where p.id = matured.id`);
      // An empty plan has no activity row (nothing moved); its notice says why.
      const paidOut = due.flatMap((plan, index) =>
        BigInt(plan.balance_minor) === 0n ? [] : [{ plan, figure: figures[index] ?? none }],
      );
      const inserted = await insertActivities(
        tx,
        paidOut.map(({ plan, figure }) => {
          return {
            userId: plan.user_id,
            kind: 'saving' as const,
            status: 'successful' as const,
            direction: 'credit' as const,
            channel: 'wallet' as const,
            currency: plan.currency,
            amountMinor: figure.payoutMinor,
            feeMinor: 0n,
            reference: `${plan.reference}-M`,
            provider: null,
            providerReference: null,
            description: `${plan.product_name} plan matured (${plan.duration_label})`,
            metadata: {
              saving: {
                saving_id: plan.saving_id,
                order_id: plan.id,
                product: plan.product_slug,
                event: 'matured',
                principal_minor: plan.balance_minor,
                gross_interest_minor: figure.grossMinor.toString(),
                withholding_tax_minor: figure.taxMinor.toString(),
                net_interest_minor: figure.netMinor.toString(),
                forfeited_interest_minor: figure.forfeitedMinor.toString(),
              },
            },
            at,
          };
        }),
      );
      const activityOf = new Map(paidOut.map(({ plan }, index) => [plan.id, inserted[index]]));
      await insertNotifications(
        tx,
        due.map((plan, index) => {
          const figure = figures[index] ?? none;
          const money = (minor: bigint) => formatMoney(minor, plan.currency);
          const principal = money(BigInt(plan.balance_minor));
          const wallet = plan.currency === 'USD' ? 'dollar wallet' : 'wallet';
          return {
            userId: plan.user_id,
            title: `${plan.product_name} plan matured`,
            body:
              BigInt(plan.balance_minor) === 0n
                ? `It reached its end date with nothing saved in it, so there is nothing to pay out. Start a new plan whenever you are ready.`
                : figure.missedTarget
                  ? `${principal} is back in your ${wallet}. The target was not reached by the withdrawal date, so the ${money(figure.forfeitedMinor)} interest it earned is forfeited, as agreed.`
                  : `${money(figure.payoutMinor)} is in your ${wallet}: your ${principal} ` +
                    `back and ${money(figure.netMinor)} interest (gross interest ${money(figure.grossMinor)}, ` +
                    `withholding tax 10% ${money(figure.taxMinor)}).`,
            now: at,
            transactionId: activityOf.get(plan.id)?.id,
          };
        }),
      );
      return due.length;
    });
    if (paid === 0) return matured;
    matured += paid;
  }
}
