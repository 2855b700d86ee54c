import type { ReactNode } from 'react';
import type { Wallet } from '@ajo/contracts/wallet';
import { Link, type To } from 'react-router';
import { ButtonLink } from '../ui/button.tsx';
import { AlertIcon } from '../ui/icons.tsx';
import { RetryButton } from '../ui/retry-button.tsx';
import { classNames } from '../../lib/class-names.ts';
import { useCurrentUser } from '../../lib/current-user.ts';
import { formatMoneyText, isPositiveMoneyText } from '../../lib/money-text.ts';
import { PlusIcon } from './wallet-icons.tsx';

interface NairaBalanceCardProps {
  wallet: Wallet | undefined;
  isPending: boolean;
  /** The wallets failed, or Try again is asking for them again: the failure stays meanwhile. */
  isError: boolean;
  /** Asks for the wallets again; settles when the answer is in. */
  onRetry: () => Promise<unknown>;
  /** Where "Fund wallet" goes: the current page with `?a=fund account`. */
  fundTo: To;
  /** Extra actions beside "Fund wallet", e.g. "View wallet" on Home. */
  actions?: ReactNode;
  headingLevel?: 2 | 3;
}

const cardFrame =
  'relative overflow-hidden rounded-2xl bg-linear-to-br from-brand-600 via-brand-700 to-brand-900 p-6 text-white shadow-lg shadow-brand-900/10 sm:p-7';

/** Soft circles in the corner, drawn with CSS only. */
function CardDecoration() {
  return (
    <>
      <span
        aria-hidden="true"
        className="pointer-events-none absolute -top-16 -right-16 size-48 rounded-full bg-white/10"
      />
      <span
        aria-hidden="true"
        className="pointer-events-none absolute -right-4 -bottom-20 size-40 rounded-full bg-white/5"
      />
    </>
  );
}

/** The naira wallet: balance, what is available and held, and the way to add money. */
export function NairaBalanceCard({
  wallet,
  isPending,
  isError,
  onRetry,
  fundTo,
  actions,
  headingLevel = 2,
}: NairaBalanceCardProps) {
  const Heading = headingLevel === 2 ? 'h2' : 'h3';
  return (
    <section aria-labelledby="naira-wallet-heading" className={cardFrame}>
      <CardDecoration />
      <div className="relative">
        <Heading id="naira-wallet-heading" className="text-sm font-medium text-brand-100">
          Naira wallet
        </Heading>
        {isPending && !isError ? (
          // The loaded card's own layout (balance line, then the two figures), so nothing below
          // moves when the balance arrives.
          <div aria-hidden="true" className="mt-2">
            <span className="block h-10 w-56 max-w-full animate-pulse rounded-lg bg-white/20" />
            <div className="mt-4 flex gap-x-8">
              <span className="block h-10 w-24 animate-pulse rounded-lg bg-white/15" />
              <span className="block h-10 w-32 animate-pulse rounded-lg bg-white/15" />
            </div>
          </div>
        ) : isError || !wallet ? (
          <div className="mt-3">
            <p className="text-base font-semibold">We could not load your balance.</p>
            <RetryButton tone="onBrand" className="mt-3" onRetry={onRetry} />
          </div>
        ) : (
          <>
            <p
              className="mt-2 text-4xl font-bold tracking-tight tabular-nums sm:text-[2.75rem]"
              data-testid="naira-balance"
            >
              {formatMoneyText(wallet.amount, 'NGN')}
            </p>
            <dl className="mt-4 flex flex-wrap gap-x-8 gap-y-2 text-sm">
              <div>
                <dt className="text-brand-100">Available</dt>
                <dd className="font-semibold tabular-nums">
                  {formatMoneyText(wallet.available_amount, 'NGN')}
                </dd>
              </div>
              <div>
                <dt className="text-brand-100">Held for pending payments</dt>
                <dd className="font-semibold tabular-nums">
                  {formatMoneyText(wallet.reserved_amount, 'NGN')}
                </dd>
              </div>
            </dl>
          </>
        )}
        <div className="mt-6 flex flex-wrap gap-3">
          <ButtonLink variant="onBrand" to={fundTo}>
            <PlusIcon className="size-4" />
            Fund wallet
          </ButtonLink>
          {actions}
        </div>
      </div>
    </section>
  );
}

/**
 * The dollar wallet, smaller: it is funded from savings, not topped up directly. It is read with
 * the naira wallet, so when that read fails the naira card's Try again asks for both.
 */
export function DollarBalanceCard({
  wallet,
  isPending,
  isError,
}: {
  wallet: Wallet | undefined;
  isPending: boolean;
  isError: boolean;
}) {
  return (
    <section
      aria-labelledby="dollar-wallet-heading"
      className="flex flex-col justify-between rounded-2xl bg-white p-6 shadow-sm ring-1 ring-slate-900/5"
    >
      <div>
        <h2 id="dollar-wallet-heading" className="text-sm font-medium text-slate-500">
          Dollar wallet
        </h2>
        {wallet === undefined && isError ? (
          <p className="mt-2 text-base font-semibold text-slate-900">
            We could not load your dollar balance.
          </p>
        ) : isPending || !wallet ? (
          <span
            aria-hidden="true"
            className="mt-3 block h-8 w-32 animate-pulse rounded-lg bg-slate-200"
          />
        ) : (
          <p className="mt-2 text-3xl font-bold tracking-tight text-slate-900 tabular-nums">
            {formatMoneyText(wallet.amount, 'USD')}
          </p>
        )}
      </div>
      <p className="mt-4 text-sm leading-6 text-slate-600">
        Matured dollar investments and money taken off your card arrive here.
        {wallet && isPositiveMoneyText(wallet.reserved_amount) ? (
          <> {formatMoneyText(wallet.reserved_amount, 'USD')} is held for a withdrawal.</>
        ) : null}
      </p>
    </section>
  );
}

interface OnHoldNoticeProps {
  wallet: Wallet | undefined;
  className?: string;
}

/**
 * What releases money on hold depends on where the account stands: identity verification
 * (/verify-account) lifts tier 1 to tier 2; a submitted verification is still being reviewed;
 * tier 2 is the highest level the app offers today (tier 3 needs proof of address, a later step).
 */
type UpgradePath = 'verify' | 'under-review' | 'highest-tier';

/** Identity verified (spec: ACTIVE) is tier 2 in DOMAIN.md's tier table. */
const VERIFIED_TIER = 2;

function upgradePathFor(user: { status: string; tier: number } | null | undefined): UpgradePath {
  if (user?.status.toUpperCase() === 'SUBMITTED') return 'under-review';
  if (user && user.tier >= VERIFIED_TIER) return 'highest-tier';
  return 'verify';
}

/*
 * Money held for the balance limit moves in as the wallet makes room; money held above the
 * single-deposit limit waits for a higher level (decision 0008). The wallet's answer does not
 * split the two, so each message names both.
 */
const upgradeMessages: Record<UpgradePath, string> = {
  verify:
    'What was held for your balance limit moves to your wallet as you spend. Verify your identity to raise your limits and release the rest.',
  'under-review':
    'What was held for your balance limit moves to your wallet as you spend; the rest is released as soon as your identity verification is approved.',
  'highest-tier':
    'What fits under your balance limit moves to your wallet as you spend; what was above your single-deposit limit waits until your account moves up a level.',
};

/**
 * Deposits above the KYC tier's caps are not lost: they are kept aside until the balance has
 * room or the account is upgraded (DOMAIN.md, tiers; decision 0008). Shown only when something
 * is on hold.
 */
export function OnHoldNotice({ wallet, className }: OnHoldNoticeProps) {
  const { data: user } = useCurrentUser();
  const path = upgradePathFor(user);
  if (!wallet || !isPositiveMoneyText(wallet.on_hold_amount)) return null;
  return (
    <div
      className={classNames(
        'flex items-start gap-3 rounded-2xl border border-amber-200 bg-amber-50 px-4 py-4 text-sm text-amber-900 sm:px-5',
        className,
      )}
    >
      <AlertIcon className="mt-0.5 size-5 shrink-0 text-amber-600" />
      <div className="flex-1">
        <p className="font-semibold">{formatMoneyText(wallet.on_hold_amount, 'NGN')} is on hold</p>
        <p className="mt-1 leading-6">
          It arrived above your account&apos;s limits, so we kept it aside safely.{' '}
          {upgradeMessages[path]}
        </p>
        {path === 'verify' ? (
          <Link
            to="/verify-account"
            className="mt-2 inline-flex rounded font-semibold text-amber-900 underline underline-offset-2 hover:text-amber-950"
          >
            Upgrade account
          </Link>
        ) : null}
      </div>
    </div>
  );
}
