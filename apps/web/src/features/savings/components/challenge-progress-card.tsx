import type { PredefinedTarget, SavingRecord } from '@ajo/contracts/savings';
import { formatMoneyText } from '../../../lib/money-text.ts';
import { formatBusinessDate } from '../../../lib/dates.ts';
import {
  challengeProgressPercent,
  challengeWeekCount,
  challengeWeeks,
  hasThisWeeksMedal,
} from '../utils/challenge-progress.ts';
import { ChallengeMedal } from './challenge-medal.tsx';

const weekStateText = {
  earned: 'medal earned',
  missed: 'no medal',
  current: 'this week, medal still to win',
} as const;

/** The medals of the weeks so far, the newest last, each labelled for screen readers. */
function MedalShelf({ target }: { target: PredefinedTarget }) {
  const weeks = challengeWeeks(target);
  return (
    <ol className="mt-3 flex flex-wrap gap-3" aria-label="Weekly medals" data-testid="medal-shelf">
      {weeks.map((week) => (
        <li
          key={week.weekStart}
          className="flex w-14 flex-col items-center text-center"
          data-testid={`medal-${week.state}`}
        >
          <ChallengeMedal state={week.state} className="h-16 w-12" />
          <span className="mt-1 text-[0.7rem] font-medium text-slate-600">
            Week {String(week.number)}
          </span>
          <span className="sr-only">
            , starting {formatBusinessDate(week.weekStart)}: {weekStateText[week.state]}
          </span>
        </li>
      ))}
    </ol>
  );
}

/**
 * The member's side of a target: what they have saved against it, this week's goal, and the
 * medals of the weeks so far (a medal for every week the goal was reached).
 */
export function ChallengeProgressCard({
  target,
  order,
}: {
  target: PredefinedTarget;
  order: SavingRecord;
}) {
  const percent = challengeProgressPercent(order.amount, order.saving_order.amount);
  const earnedThisWeek = hasThisWeeksMedal(target);
  const medalCount = target.medals.length;
  return (
    <section
      aria-labelledby="challenge-progress-heading"
      className="rounded-card bg-white p-card shadow-card ring-1 ring-slate-900/5"
    >
      <h2 id="challenge-progress-heading" className="text-base font-semibold text-slate-900">
        Your progress
      </h2>
      <p
        className="mt-3 text-3xl font-bold tracking-tight text-slate-900 tabular-nums"
        data-testid="challenge-saved"
      >
        {formatMoneyText(order.amount)}
      </p>
      <p className="mt-0.5 text-sm text-slate-600">
        saved of {formatMoneyText(order.saving_order.amount)}
      </p>
      <div className="mt-3 flex items-center gap-3">
        <div
          role="progressbar"
          aria-label="Saved towards your target"
          aria-valuemin={0}
          aria-valuemax={100}
          aria-valuenow={percent}
          className="h-2.5 flex-1 overflow-hidden rounded-full bg-slate-100"
        >
          <div
            className="h-full rounded-full bg-linear-to-r from-brand-500 to-accent-500"
            style={{ width: `${String(percent)}%` }}
          />
        </div>
        <span
          className="text-sm font-semibold text-slate-900 tabular-nums"
          data-testid="challenge-percent"
        >
          {String(percent)}%
        </span>
      </div>

      <div className="mt-5 rounded-2xl bg-sun-100/60 p-4 ring-1 ring-sun-200">
        <p className="text-xs font-medium tracking-wide text-sun-900 uppercase">
          This week&apos;s goal
        </p>
        <p className="mt-1 text-lg font-bold text-slate-900 tabular-nums" data-testid="week-goal">
          {formatMoneyText(target.meta.collection_amount)}
        </p>
        <p className="mt-1 text-sm leading-6 text-slate-700" data-testid="week-medal-status">
          {earnedThisWeek
            ? 'Medal earned this week. Well done!'
            : `Save ${formatMoneyText(target.meta.collection_amount)} this week to earn this week's medal.`}
        </p>
      </div>

      <div className="mt-5">
        <div className="flex items-baseline justify-between gap-3">
          <h3 className="text-sm font-semibold text-slate-900">Medals</h3>
          <p className="text-xs text-slate-500" data-testid="medal-count">
            {String(medalCount)} of {String(challengeWeekCount(target))} weeks
          </p>
        </div>
        <MedalShelf target={target} />
      </div>
    </section>
  );
}
