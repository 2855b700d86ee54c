import {
  automaticCollectionMinor,
  collectionDates,
  type CollectionFrequency,
  type SavingsDuration,
  type TargetSavingBody,
} from '@ajo/contracts/savings';
import { currencyInputToMinor } from '@ajo/money/currency-input';
import { formatMinorAsDecimal, formatMoney } from '@ajo/money/format';
import { daysBetween } from './business-dates.ts';
import { formatDayMonth } from '../../../lib/dates.ts';
import { lagosStartOfDay } from './target-dates.ts';
import type { TargetDraft } from './target-wizard.ts';

/** How a plan's instalments fall: how much each, and on which due dates. */
export interface CollectionPlan {
  amountMinor: bigint;
  dueDates: string[];
}

/** "₦4,000" for whole naira, "₦4,000.50" otherwise: a figure in a sentence. */
export function formatNairaShort(amountMinor: bigint): string {
  const text = formatMoney(amountMinor, 'NGN');
  return text.endsWith('.00') ? text.slice(0, -3) : text;
}

/**
 * The instalments of the draft once its dates and frequency are known: automatic plans compute
 * the amount with the contract's own function (the server's), so the figure shown is the figure
 * collected; manual plans take what the user typed.
 */
export function collectionPlanOf(draft: TargetDraft): CollectionPlan | undefined {
  const targetMinor = currencyInputToMinor(draft.amountText);
  if (
    targetMinor === null ||
    draft.frequency === '' ||
    draft.startDate === '' ||
    draft.endDate <= draft.startDate
  ) {
    return undefined;
  }
  const dueDates = collectionDates(draft.startDate, draft.endDate, draft.frequency);
  if (draft.collectionMethod === 'automatic') {
    return {
      amountMinor: automaticCollectionMinor(
        targetMinor,
        draft.startDate,
        draft.endDate,
        draft.frequency,
      ),
      dueDates,
    };
  }
  const typedMinor = currencyInputToMinor(draft.collectionAmountText);
  return typedMinor === null ? undefined : { amountMinor: typedMinor, dueDates };
}

/** "₦4,000 every week from 27 Nov, 5 instalments". */
export function scheduleText(plan: CollectionPlan, frequency: CollectionFrequency): string {
  const first = plan.dueDates[0];
  const count = plan.dueDates.length;
  const every = frequency === 'WEEKLY' ? 'every week' : 'every month';
  const from = first === undefined ? '' : ` from ${formatDayMonth(first)}`;
  return `${formatNairaShort(plan.amountMinor)} ${every}${from}, ${String(count)} instalment${count === 1 ? '' : 's'}`;
}

/**
 * The rate a term earns, as the server picks it: the longest duration of the rate chart the term
 * covers, else the first (the chart is listed shortest first).
 */
export function rateForTerm(
  durations: readonly SavingsDuration[],
  startDate: string,
  endDate: string,
): number | undefined {
  const termDays = daysBetween(startDate, endDate);
  const covered = durations.filter((duration) => duration.days <= termDays);
  return (covered.at(-1) ?? durations[0])?.rate;
}

/** The creation payload (spec section 3): ISO dates, decimal amounts; the agreements stay here. */
export function targetSavingBody(draft: TargetDraft): TargetSavingBody {
  const targetMinor = currencyInputToMinor(draft.amountText) ?? 0n;
  const plan = collectionPlanOf(draft);
  return {
    reason: draft.reason.trim(),
    category: draft.categoryId,
    frequency: draft.frequency === '' ? 'WEEKLY' : draft.frequency,
    amount: formatMinorAsDecimal(targetMinor),
    start_date: lagosStartOfDay(draft.startDate),
    end_date: lagosStartOfDay(draft.endDate),
    collection_method: draft.collectionMethod === '' ? 'manual' : draft.collectionMethod,
    ...(plan ? { collection_amount: formatMinorAsDecimal(plan.amountMinor) } : {}),
  };
}
