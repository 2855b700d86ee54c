import type { AccountLevel, TierLimits } from '@ajo/contracts/accounts';
import { useId } from 'react';
import { useAccountLevel } from '../../lib/account-level-query.ts';
import { BVN_MODAL_SEARCH } from '../../lib/bvn-panel.ts';
import { classNames } from '../../lib/class-names.ts';
import { formatMoneyText, isPositiveMoneyText } from '../../lib/money-text.ts';
import { ButtonLink } from '../ui/button.tsx';
import { useReadFailure } from '../ui/load-failed.tsx';
import { RetryButton } from '../ui/retry-button.tsx';

/** Each tier in words people understand (DOMAIN.md, CBN three-tier KYC). */
const tierNames: Record<number, string> = {
  0: 'Tier 0 · Not verified yet',
  1: 'Tier 1 · BVN verified',
  2: 'Tier 2 · Identity verified',
  3: 'Tier 3 · Address verified',
};

/** "₦50,000": limits are whole naira, so the kobo are left out when there are none. */
function naira(text: string): string {
  return formatMoneyText(text).replace(/\.00$/, '');
}

function limitText(text: string | null): string {
  if (text === null) return 'No limit';
  return isPositiveMoneyText(text) ? `Up to ${naira(text)}` : 'Not available yet';
}

const limitRows: { key: keyof Omit<TierLimits, 'tier'>; label: string }[] = [
  { key: 'single_deposit_max', label: 'Single deposit' },
  { key: 'balance_max', label: 'Wallet balance' },
  { key: 'withdrawal_per_transaction_max', label: 'Withdrawal per transaction' },
  { key: 'withdrawal_daily_max', label: 'Withdrawals per day' },
];

/** What the next tier raises, in one sentence: "single deposits up to ₦100,000 and …". */
function raises(next: TierLimits): string {
  const deposit = next.single_deposit_max;
  const balance = next.balance_max;
  return [
    deposit === null ? 'no cap on single deposits' : `single deposits up to ${naira(deposit)}`,
    balance === null ? 'no cap on your balance' : `a balance up to ${naira(balance)}`,
  ].join(' and ');
}

interface NextStep {
  title: string;
  detail: string;
  action?: { label: string; to: string };
}

/** The one thing that moves the account up a tier, or what it is waiting for. */
function nextStepOf(level: AccountLevel): NextStep | undefined {
  const next = level.next_tier;
  if (!next) return undefined;
  if (level.tier === 0) {
    return {
      title: 'Verify your BVN',
      detail: `Get your account number and reach tier 1: ${raises(next)}.`,
      action: { label: 'Verify your BVN', to: BVN_MODAL_SEARCH },
    };
  }
  if (level.tier === 1 && level.status === 'SUBMITTED') {
    return {
      title: 'Your identity check is in review',
      detail: `We will notify you when it is done. Tier 2 allows ${raises(next)}.`,
    };
  }
  if (level.tier === 1) {
    const retry = level.status === 'REJECTED';
    return {
      title: retry ? 'Try identity verification again' : 'Verify your identity',
      detail: `${retry ? 'Your last selfie did not match your BVN photo. ' : ''}Take a selfie to reach tier 2: ${raises(next)}.`,
      action: { label: retry ? 'Try again' : 'Verify your identity', to: '/verify-account' },
    };
  }
  return {
    title: 'Proof of address',
    detail: `Tier 3 needs proof of your address and allows ${raises(next)}. This step is coming soon.`,
  };
}

/* Shared by the card and its loading shapes, so the page under it does not move when it loads. */
const limitList = 'mt-4 grid gap-x-6 gap-y-3 sm:grid-cols-2';
const limitRow =
  'flex items-baseline justify-between gap-3 border-b border-slate-100 pb-3 sm:block sm:border-0 sm:pb-0';
const limitValue =
  'shrink-0 text-right font-semibold whitespace-nowrap text-slate-900 tabular-nums sm:mt-0.5 sm:text-left';
const nextStepFrame =
  'mt-5 flex flex-col gap-4 rounded-xl bg-brand-50 p-4 sm:flex-row sm:items-center sm:justify-between';

function NextStepBox({ step }: { step: NextStep }) {
  return (
    <div data-testid="account-level-next-step" className={nextStepFrame}>
      <div>
        <p className="font-semibold text-slate-900">Next: {step.title}</p>
        <p className="mt-1 text-sm text-slate-700">{step.detail}</p>
      </div>
      {step.action ? (
        <ButtonLink to={step.action.to} className="shrink-0">
          {step.action.label}
        </ButtonLink>
      ) : null}
    </div>
  );
}

/**
 * The loaded card's shapes while the level is on its way: the real labels with grey bars for the
 * figures, and the next-step box (every account below tier 3 has one). Home places the card above
 * the activity, so a spinner that grew into the card pushed everything below it down.
 */
function AccountLevelSkeleton() {
  return (
    <div>
      <span className="sr-only" role="status">
        Loading your account level
      </span>
      <div aria-hidden="true">
        <p className="mt-1 text-sm text-slate-600">What your account allows now</p>
        <dl className={limitList}>
          {limitRows.map((row) => (
            <div key={row.key} className={limitRow}>
              <dt className="text-sm text-slate-600">{row.label}</dt>
              <dd className={limitValue}>
                <span className="inline-block h-4 w-32 animate-pulse rounded bg-slate-200 align-middle" />
              </dd>
            </div>
          ))}
        </dl>
        <div className={nextStepFrame}>
          <div className="min-w-0 flex-1 space-y-2">
            <span className="block h-5 w-48 max-w-full animate-pulse rounded bg-brand-100" />
            <span className="block h-4 w-full animate-pulse rounded bg-brand-100" />
            <span className="block h-4 w-2/3 animate-pulse rounded bg-brand-100" />
          </div>
          <span className="h-11 w-40 shrink-0 animate-pulse rounded-xl bg-brand-100" />
        </div>
      </div>
    </div>
  );
}

interface AccountLevelCardProps {
  headingLevel?: 2 | 3;
  className?: string;
}

/**
 * The account's KYC tier, what it allows (from the server's configuration) and the next step,
 * with its link. Self-contained (it loads its own data), so any signed-in page can place it.
 */
export function AccountLevelCard({ headingLevel = 2, className }: AccountLevelCardProps) {
  const headingId = useId();
  const level = useAccountLevel();
  const failure = useReadFailure(level);
  const Heading = headingLevel === 2 ? 'h2' : 'h3';
  const nextStep = level.data ? nextStepOf(level.data) : undefined;
  return (
    <section
      aria-labelledby={headingId}
      className={classNames(
        'rounded-card bg-white p-5 shadow-card ring-1 ring-slate-900/5 sm:p-card',
        className,
      )}
    >
      <div className="flex flex-wrap items-baseline justify-between gap-2">
        <Heading id={headingId} className="text-lg font-semibold text-slate-900">
          Account level
        </Heading>
        {level.isPending && !failure.shown ? (
          <span aria-hidden="true" className="h-7 w-44 animate-pulse rounded-full bg-brand-50" />
        ) : null}
        {level.data ? (
          <p
            data-testid="account-level-tier"
            className="rounded-full bg-brand-50 px-3 py-1 text-sm font-semibold text-brand-800"
          >
            {tierNames[level.data.tier] ?? `Tier ${String(level.data.tier)}`}
          </p>
        ) : null}
      </div>
      {level.isError || failure.shown ? (
        <div className="mt-3">
          <p className="text-sm text-slate-700">We could not load your account level.</p>
          <RetryButton busy={level.isFetching} className="mt-3" onRetry={failure.retry} />
        </div>
      ) : level.isPending ? (
        <AccountLevelSkeleton />
      ) : (
        <>
          <p className="mt-1 text-sm text-slate-600">What your account allows now</p>
          <dl className={limitList}>
            {limitRows.map((row) => (
              <div key={row.key} className={limitRow}>
                <dt className="text-sm text-slate-600">{row.label}</dt>
                <dd className={limitValue}>{limitText(level.data.limits[row.key])}</dd>
              </div>
            ))}
          </dl>
          {nextStep ? <NextStepBox step={nextStep} /> : null}
        </>
      )}
    </section>
  );
}
