import type { BalanceHistoryPeriod } from '@ajo/contracts/balance-history';
import type { Wallet } from '@ajo/contracts/wallet';
import { useState } from 'react';
import { ButtonLink } from '../../../components/ui/button.tsx';
import { RetryButton } from '../../../components/ui/retry-button.tsx';
import {
  ArrowUpRightIcon,
  PlusIcon,
  ShieldIcon,
} from '../../../components/wallet/wallet-icons.tsx';
import { BVN_MODAL_SEARCH } from '../../../lib/bvn-panel.ts';
import { useFundAccountLocation } from '../../../lib/fund-account.ts';
import { formatMoneyText } from '../../../lib/money-text.ts';
import { BalanceChange } from './balance-change.tsx';
import { BalanceChart } from './balance-chart.tsx';

/** The wallet page opens its withdraw panel from `?a=withdraw` (features/wallet). */
const WITHDRAW_LOCATION = '/wallet?a=withdraw';

interface BalanceHeroProps {
  wallet: Wallet | undefined;
  isPending: boolean;
  /** The wallets failed, or Try again is asking for them again: the failure stays meanwhile. */
  isError: boolean;
  /** Asks for the wallets again; settles when the answer is in. */
  onRetry: () => Promise<unknown>;
  /** Said in place of the available and held figures while the wallet is empty. */
  emptyWalletHint?: string | undefined;
  /** The first button: fund the wallet, or verify the BVN that funding needs (home-prompts.ts). */
  primaryAction: 'fund' | 'verify-bvn';
}

/** Soft circles in the corner, drawn with CSS only. */
function Decoration() {
  return (
    <>
      <span
        aria-hidden="true"
        className="pointer-events-none absolute -top-24 -right-20 size-72 rounded-full bg-white/[0.07]"
      />
      <span
        aria-hidden="true"
        className="pointer-events-none absolute -bottom-28 -left-16 size-64 rounded-full bg-white/5"
      />
    </>
  );
}

/** The slot of the change badge under the balance (balance-change.tsx), kept while loading. */
const changeSlot = 'mt-3 h-7';

/** The line under the badge: two lines high on phones, so what follows never moves. */
const detailLine = 'mt-3 min-h-12 text-sm leading-6 sm:min-h-6';

/** An empty wallet's hint takes the place of the badge and the line: their height together. */
const emptyHintBlock = 'mt-3 min-h-[5.5rem] text-sm leading-6 sm:min-h-16';

function BalanceFigures({
  wallet,
  isPending,
  isError,
  onRetry,
  emptyWalletHint,
  period,
}: BalanceHeroProps & { period: BalanceHistoryPeriod }) {
  if (isPending && !isError) {
    // The loaded layout's own shapes, so nothing below moves when the balance arrives.
    return (
      <div aria-hidden="true" className="mt-1">
        <span className="block h-[3.125rem] w-60 max-w-full animate-pulse rounded-lg bg-white/20 sm:h-[3.75rem]" />
        <span className={`${changeSlot} block`}>
          <span className="block h-7 w-44 animate-pulse rounded-full bg-white/15" />
        </span>
        <span className={`${detailLine} block`}>
          <span className="block h-5 w-48 max-w-full animate-pulse rounded-lg bg-white/15" />
        </span>
      </div>
    );
  }
  if (isError || !wallet) {
    return (
      <div className="mt-3">
        <p className="text-base font-semibold">We could not load your balance.</p>
        <RetryButton tone="onBrand" className="mt-3" onRetry={onRetry} />
      </div>
    );
  }
  return (
    <>
      <p
        className="mt-1 text-[2.5rem] leading-tight font-extrabold tracking-tight tabular-nums sm:text-5xl"
        data-testid="naira-balance"
      >
        {formatMoneyText(wallet.amount, 'NGN')}
      </p>
      {emptyWalletHint === undefined ? (
        <>
          <BalanceChange period={period} className={changeSlot} />
          <dl className={`${detailLine} flex flex-wrap gap-x-6`}>
            <div className="flex gap-1.5">
              <dt className="text-brand-100">Available</dt>
              <dd className="font-semibold tabular-nums">
                {formatMoneyText(wallet.available_amount, 'NGN')}
              </dd>
            </div>
            <div className="flex gap-1.5">
              <dt className="text-brand-100">Held for pending payments</dt>
              <dd className="font-semibold tabular-nums">
                {formatMoneyText(wallet.reserved_amount, 'NGN')}
              </dd>
            </div>
          </dl>
        </>
      ) : (
        <p className={`${emptyHintBlock} text-brand-50`} data-testid="empty-wallet-hint">
          {emptyWalletHint}
        </p>
      )}
    </>
  );
}

/**
 * What Home leads with: the naira balance, the two things people do with it (fund and withdraw)
 * and how it moved lately. Home's own card rather than the wallet page's, because it carries the
 * chart; the figures and their loading and error states match the wallet page's card.
 */
export function BalanceHero(props: BalanceHeroProps) {
  const fundTo = useFundAccountLocation();
  // The badge under the balance and the chart show the same period.
  const [period, setPeriod] = useState<BalanceHistoryPeriod>('30');
  return (
    <section
      aria-labelledby="naira-wallet-heading"
      className="relative overflow-hidden rounded-card bg-linear-to-br from-brand-600 via-brand-700 to-brand-900 text-white shadow-card"
    >
      <Decoration />
      <div className="relative grid gap-8 p-card sm:p-8 lg:grid-cols-[minmax(0,5fr)_minmax(0,7fr)] lg:gap-12">
        <div className="flex min-w-0 flex-col">
          <h2 id="naira-wallet-heading" className="text-sm font-medium text-brand-100">
            Naira wallet
          </h2>
          <BalanceFigures {...props} period={period} />
          <div className="mt-6 flex flex-wrap gap-3 lg:mt-auto lg:pt-8">
            <ButtonLink
              variant="onBrand"
              to={props.primaryAction === 'fund' ? fundTo : BVN_MODAL_SEARCH}
            >
              {props.primaryAction === 'fund' ? (
                <>
                  <PlusIcon className="size-4" />
                  Fund wallet
                </>
              ) : (
                <>
                  <ShieldIcon className="size-4" />
                  {/* Short, so both buttons share one line on a 375 px phone. */}
                  Verify BVN
                </>
              )}
            </ButtonLink>
            <ButtonLink variant="onBrandOutline" to={WITHDRAW_LOCATION}>
              <ArrowUpRightIcon className="size-4" />
              Withdraw
            </ButtonLink>
          </div>
        </div>
        <BalanceChart period={period} onPeriodChange={setPeriod} />
      </div>
    </section>
  );
}
