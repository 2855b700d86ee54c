import { useEffect, useRef, useState } from 'react';
import type { QueryClient, UseQueryResult } from '@tanstack/react-query';
import type { PredefinedTarget } from '@ajo/contracts/savings';
import { useParams, useSearchParams } from 'react-router';
import { ButtonLink } from '../../../components/ui/button.tsx';
import { EmptyState } from '../../../components/ui/empty-state.tsx';
import { AlertIcon } from '../../../components/ui/icons.tsx';
import { attemptKey, moneyErrorMessage, settleAttempt } from '../../../lib/money-attempts.ts';
import { walletsQueryOptions } from '../../../lib/wallet-queries.ts';
import { useJoinChallenge } from '../api/challenge-join.ts';
import {
  challengeTargetsQueryOptions,
  isMissingChallenge,
  useChallengeTargets,
} from '../api/challenge-targets.ts';
import { useTopUpChallenge } from '../api/challenge-top-up.ts';
import { ChallengeBanner } from '../components/challenge-banner.tsx';
import { ChallengeDetail } from '../components/challenge-detail.tsx';
import {
  ChallengeTargetCard,
  ChallengeTargetCardSkeleton,
} from '../components/challenge-target-card.tsx';
import { ChallengeTopUpDone, ChallengeTopUpForm } from '../components/challenge-top-up.tsx';
import { SavingsBackLink } from '../components/savings-back-link.tsx';
import { TargetIcon } from '../components/savings-icons.tsx';
import { challengePath, selectedTarget, TARGET_SAVINGS_PATH } from '../utils/challenge-location.ts';
import { isRetryingRead, LoadFailed } from '../../../components/ui/load-failed.tsx';
import { focusIfLost } from '../utils/focus-if-lost.ts';

/** What the page shows first, asked for by its route's loader while the user is on its way. */
export function prefetchChallengeData(queryClient: QueryClient, productId: string) {
  return Promise.all([
    queryClient.query(challengeTargetsQueryOptions(productId)),
    queryClient.query(walletsQueryOptions),
  ]);
}

/** The detail, its top-up form, then the success screen (spec section 4), and back. */
type View =
  | { kind: 'detail' }
  /**
   * One idempotency key per attempt: a retried Top Up cannot move the money twice. After a top up
   * whose answer was lost, the next one keeps the key whatever the amount (money-attempts.ts).
   */
  | { kind: 'top-up'; idempotencyKey: string }
  | { kind: 'done'; amountMinor: bigint };

/** The flow's name for money-attempts.ts: the order's, as a target's own top up names it. */
const topUpFlow = (orderId: string) => `top-up:${orderId}`;

const gridClassName = 'grid gap-gutter sm:grid-cols-2 desktop:grid-cols-3';

/**
 * The grid of targets, or why there is none. It is given the page's own read, not one of its
 * own: Try again's retry is known by the observer that asked, so only one observer can tell the
 * failure (with its busy Try again) from the skeleton while it asks again.
 */
function TargetGrid({ targets }: { targets: UseQueryResult<PredefinedTarget[]> }) {
  if (targets.isError && isMissingChallenge(targets.error)) {
    return (
      <EmptyState
        icon={<AlertIcon className="size-7" />}
        title="We could not find this challenge"
        description="The link may be mistyped, or the challenge has been taken down."
        action={<ButtonLink to={TARGET_SAVINGS_PATH}>See target savings</ButtonLink>}
      />
    );
  }
  // While Try again asks again, the failure (and its busy button) stays in place.
  if (targets.isError || isRetryingRead(targets)) return <LoadFailed query={targets} />;
  if (targets.isPending) {
    return (
      <>
        <ul className={gridClassName}>
          {Array.from({ length: 3 }, (_, index) => (
            <ChallengeTargetCardSkeleton key={index} />
          ))}
        </ul>
        <span role="status" className="sr-only">
          Loading the challenge
        </span>
      </>
    );
  }
  if (targets.data.length === 0) {
    return (
      <EmptyState
        icon={<TargetIcon className="size-7" />}
        title="No targets to join yet"
        description="New group targets are added regularly. Check back soon."
        headingLevel={3}
      />
    );
  }
  return (
    <ul className={gridClassName}>
      {targets.data.map((target) => (
        <ChallengeTargetCard key={target.id} target={target} />
      ))}
    </ul>
  );
}

/**
 * The challenge (Join Target page, /savings/target-savings/{productId}): the banner, the grid of
 * group targets, and one target's detail (`?a=<my order id>`, or `?target=<id>` before joining)
 * with Join, or Top Up Challenge → form → 'Top Up successful' → Okay.
 */
export function ChallengePage() {
  const { id: productId = '' } = useParams();
  const [searchParams, setSearchParams] = useSearchParams();
  const targets = useChallengeTargets(productId);
  const join = useJoinChallenge(productId);
  const topUp = useTopUpChallenge();
  const target = targets.data ? selectedTarget(targets.data, searchParams) : undefined;

  const [view, setView] = useState<View>({ kind: 'detail' });
  // Another target (or none) starts on its detail, with no refusal left from the last one.
  const [viewOf, setViewOf] = useState(target?.id);
  if (target?.id !== viewOf) {
    setViewOf(target?.id);
    setView({ kind: 'detail' });
  }
  const resetTopUp = topUp.reset;
  const resetJoin = join.reset;
  useEffect(() => {
    resetTopUp();
    resetJoin();
  }, [viewOf, resetTopUp, resetJoin]);
  useEffect(() => {
    window.scrollTo({ top: 0 });
  }, [view.kind, viewOf]);

  // The control that had focus went with the view it was in (a card, Join, Okay, Cancel). A
  // target opened, or the grid, starts at its heading; once joined or back from a top up, Top Up
  // Challenge. The form and the success screen focus their own field and button.
  const headingRef = useRef<HTMLHeadingElement>(null);
  const gridHeadingRef = useRef<HTMLHeadingElement>(null);
  const topUpRef = useRef<HTMLDivElement>(null);
  const member = (target?.order ?? null) !== null;
  const focusedFor = useRef({ kind: view.kind, viewOf, member });
  useEffect(() => {
    const before = focusedFor.current;
    focusedFor.current = { kind: view.kind, viewOf, member };
    if (view.kind !== 'detail') return;
    const backOnTarget =
      before.viewOf === viewOf && (before.kind !== 'detail' || (member && !before.member));
    focusIfLost(
      backOnTarget
        ? topUpRef.current?.querySelector('button')
        : (headingRef.current ?? gridHeadingRef.current),
    );
  }, [view.kind, viewOf, member]);

  let content;
  if (!target) {
    content = (
      <section aria-labelledby="challenge-targets-heading" className="space-y-4">
        <h2
          ref={gridHeadingRef}
          id="challenge-targets-heading"
          tabIndex={-1}
          className="text-lg font-semibold text-slate-900"
        >
          Choose a target
        </h2>
        <TargetGrid targets={targets} />
      </section>
    );
  } else if (view.kind === 'top-up' && target.order) {
    const order = target.order;
    content = (
      <ChallengeTopUpForm
        target={target}
        isSubmitting={topUp.isPending}
        failure={topUp.error}
        onCancel={() => {
          topUp.reset();
          setView({ kind: 'detail' });
        }}
        onSubmit={(amountMinor) => {
          topUp.mutate(
            {
              savingId: order.id,
              orderId: order.saving_order.id,
              amountMinor,
              idempotencyKey: view.idempotencyKey,
            },
            {
              onSuccess: () => {
                settleAttempt(topUpFlow(order.saving_order.id), view.idempotencyKey);
                setView({ kind: 'done', amountMinor });
              },
              onError: (error) => {
                // A refusal moved nothing: the next attempt is a new one. A lost answer keeps
                // its key for the next.
                const flow = topUpFlow(order.saving_order.id);
                settleAttempt(flow, view.idempotencyKey, error);
                setView((current) =>
                  current.kind === 'top-up'
                    ? { kind: 'top-up', idempotencyKey: attemptKey(flow) }
                    : current,
                );
              },
            },
          );
        }}
      />
    );
  } else if (view.kind === 'done') {
    content = (
      <ChallengeTopUpDone
        target={target}
        amountMinor={view.amountMinor}
        onOkay={() => {
          topUp.reset();
          setView({ kind: 'detail' });
        }}
      />
    );
  } else {
    content = (
      <ChallengeDetail
        target={target}
        backTo={challengePath(productId)}
        headingRef={headingRef}
        topUpRef={topUpRef}
        isJoining={join.isPending}
        // Joining again answers the same order, so after a lost answer Join is safe to press again.
        joinError={join.error ? moneyErrorMessage(join.error, 'plan') : undefined}
        onJoin={() => {
          join.mutate(
            { productId, targetId: target.id },
            {
              onSuccess: (joined) => {
                if (!joined.order) return;
                const orderId = joined.order.saving_order.id;
                setSearchParams(
                  (current) => {
                    const next = new URLSearchParams(current);
                    next.delete('target');
                    next.set('a', orderId);
                    return next;
                  },
                  { replace: true },
                );
              },
            },
          );
        }}
        onTopUp={() => {
          if (!target.order) return;
          setView({
            kind: 'top-up',
            idempotencyKey: attemptKey(topUpFlow(target.order.saving_order.id)),
          });
        }}
      />
    );
  }

  return (
    <>
      <title>
        {target ? `${target.name} · Challenge · Ajo` : 'Olympic Investment Marathon! · Ajo'}
      </title>
      <div className="space-y-section">
        {target ? null : (
          <div className="space-y-section">
            <SavingsBackLink to={TARGET_SAVINGS_PATH} label="Target Savings" />
            <ChallengeBanner />
          </div>
        )}
        {content}
      </div>
    </>
  );
}
