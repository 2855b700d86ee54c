import {
  addMonths,
  TARGET_MAXIMUM_MONTHS,
  TARGET_MINIMUM_MINOR,
  targetSavingsMessages,
  type CollectionFrequency,
  type CollectionMethod,
} from '@ajo/contracts/savings';
import { currencyInputToMinor } from '@ajo/money/currency-input';

/*
 * The Create a Target wizard (spec sections 2, 4 and 5): step 0 the goal, step 1 the dates and
 * the collection, step 2 the agreements. Its rules live here as plain functions, so the screens
 * and their tests read the same words.
 */

export type TargetStep = 0 | 1 | 2;

/** The collected values (spec section 3: "Create-target form values"). */
export interface TargetDraft {
  reason: string;
  categoryId: string;
  frequency: CollectionFrequency | '';
  /** The target, as typed (normalised currency input). */
  amountText: string;
  /** YYYY-MM-DD, or '' while not chosen. */
  startDate: string;
  endDate: string;
  collectionMethod: CollectionMethod | '';
  /** Manual plans: what the user means to deposit each time, as typed. */
  collectionAmountText: string;
}

/** A fresh draft: the category defaults to the first one, or '1' (spec section 3). */
export function emptyTargetDraft(firstCategoryId = '1'): TargetDraft {
  return {
    reason: '',
    categoryId: firstCategoryId,
    frequency: '',
    amountText: '',
    startDate: '',
    endDate: '',
    collectionMethod: '',
    collectionAmountText: '',
  };
}

export type GoalField = 'reason' | 'categoryId' | 'frequency' | 'amountText';
export type ScheduleField = 'startDate' | 'endDate' | 'collectionMethod' | 'collectionAmountText';

/** Step 0's rules, in the spec's words. */
export function goalErrors(draft: TargetDraft): Partial<Record<GoalField, string>> {
  const errors: Partial<Record<GoalField, string>> = {};
  if (draft.reason.trim() === '') errors.reason = targetSavingsMessages.reason;
  if (draft.categoryId === '') errors.categoryId = targetSavingsMessages.category;
  if (draft.frequency === '') errors.frequency = targetSavingsMessages.frequency;
  const amountMinor = currencyInputToMinor(draft.amountText);
  if (amountMinor === null) errors.amountText = targetSavingsMessages.amountEmpty;
  else if (amountMinor < TARGET_MINIMUM_MINOR) {
    errors.amountText = targetSavingsMessages.amountMinimum;
  }
  return errors;
}

/** Step 1's field rules, in the spec's words. An automatic plan's amount is computed, not typed. */
export function scheduleErrors(draft: TargetDraft): Partial<Record<ScheduleField, string>> {
  const errors: Partial<Record<ScheduleField, string>> = {};
  if (draft.startDate === '') errors.startDate = targetSavingsMessages.startDate;
  if (draft.endDate === '') errors.endDate = targetSavingsMessages.endDate;
  else if (draft.startDate !== '') {
    if (draft.endDate < draft.startDate) errors.endDate = targetSavingsMessages.endBeforeStart;
    else if (draft.endDate < addMonths(draft.startDate, 1)) {
      errors.endDate = targetSavingsMessages.endWithinMonth;
    }
  }
  if (draft.collectionMethod === '') {
    errors.collectionMethod = targetSavingsMessages.collectionMethod;
  } else if (draft.collectionMethod === 'manual') {
    const collectionMinor = currencyInputToMinor(draft.collectionAmountText);
    if (collectionMinor === null) {
      errors.collectionAmountText = targetSavingsMessages.collectionAmount;
    } else if (collectionMinor < 1_00n) {
      errors.collectionAmountText = targetSavingsMessages.collectionAmountPositive;
    }
  }
  return errors;
}

/**
 * The notice step 1 raises on submit (spec section 5): a start already past, an end not after
 * the start, a span under a month, an end more than ten years away. The server refuses the same
 * four with the same words.
 */
export function scheduleNotice(draft: TargetDraft, today: string): string | undefined {
  if (draft.startDate === '' || draft.endDate === '') return undefined;
  if (draft.startDate < today) return targetSavingsMessages.startElapsed;
  if (draft.endDate <= draft.startDate) return targetSavingsMessages.endNotBeyondStart;
  if (draft.endDate < addMonths(draft.startDate, 1)) {
    return targetSavingsMessages.durationUnderMonth;
  }
  if (draft.endDate > addMonths(today, TARGET_MAXIMUM_MONTHS)) {
    return targetSavingsMessages.endTooFar;
  }
  return undefined;
}

/** Each agreement box: 'Confirm agreement to continue' until ticked. */
export function agreementError(agreed: boolean): string | undefined {
  return agreed ? undefined : targetSavingsMessages.agreement;
}

const isEmpty = (errors: object) => Object.keys(errors).length === 0;

/** Whether the values a step needs are there: step 1 needs the goal, step 2 the schedule too. */
export function stepIsReachable(step: TargetStep, draft: TargetDraft, today: string): boolean {
  if (step === 0) return true;
  if (!isEmpty(goalErrors(draft))) return false;
  if (step === 1) return true;
  return isEmpty(scheduleErrors(draft)) && scheduleNotice(draft, today) === undefined;
}

/**
 * The step the URL asks for, as far as the values allow. No query string at all means step 0
 * (the spec: the step resets whenever the URL has none); a step whose values are missing (a
 * reload, a shared link) falls back to the furthest one that can be shown.
 */
export function wizardStepFor(search: string, draft: TargetDraft, today: string): TargetStep {
  const query = search.startsWith('?') ? search.slice(1) : search;
  if (query === '') return 0;
  const asked = new URLSearchParams(query).get('step');
  const requested: TargetStep = asked === '2' ? 2 : asked === '1' ? 1 : 0;
  const candidates: TargetStep[] = [2, 1];
  return candidates.find((step) => step <= requested && stepIsReachable(step, draft, today)) ?? 0;
}
