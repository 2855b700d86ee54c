import { Link } from 'react-router';
import { useReadFailure } from '../../../components/ui/load-failed.tsx';
import { RetryButton } from '../../../components/ui/retry-button.tsx';
import { useSavings } from '../api/get-savings.ts';
import { useSavingsProducts } from '../api/get-savings-products.ts';
import { ChevronRightIcon } from './savings-icons.tsx';
import { MedalIcon } from './target-icons.tsx';

export const CHALLENGE_SLUG = 'olympic_challenge';

/**
 * The challenge banner (spec section 2): 'Olympic Investment Marathon!' with 'Join Challenge',
 * linking to the challenge by its product id. A member sees their place in it instead. When the
 * catalogue cannot be read, Try again takes the button's place.
 */
export function TargetChallengeBanner() {
  const products = useSavingsProducts();
  const failure = useReadFailure(products);
  const active = useSavings({ status: 'active' });
  const challenge = products.data?.find((product) => product.slug === CHALLENGE_SLUG);
  const participating = (active.data ?? []).some(
    (record) =>
      record.saving_order.predefined_target_id !== null ||
      record.saving_order.saving.slug === CHALLENGE_SLUG,
  );
  const to = challenge ? `/savings/target-savings/${encodeURIComponent(challenge.id)}` : undefined;
  // Checked before `isPending`: while Try again asks again the query is pending, and the failure
  // (with the focused, busy button) stays rather than a skeleton taking its place.
  const failed = to === undefined && failure.shown;
  return (
    <section
      aria-labelledby="challenge-heading"
      className="relative overflow-hidden rounded-card bg-linear-to-r from-sun-200 via-sun-100 to-white p-5 ring-1 ring-sun-300/60 sm:p-6"
    >
      <span
        aria-hidden="true"
        className="pointer-events-none absolute -top-10 -right-6 size-36 rounded-full bg-sun-300/40"
      />
      <div className="relative flex flex-col gap-4 sm:flex-row sm:items-center">
        <span className="flex size-12 shrink-0 items-center justify-center rounded-2xl bg-white text-sun-900 shadow-sm">
          <MedalIcon className="size-6" />
        </span>
        <div className="min-w-0 flex-1">
          <h2 id="challenge-heading" className="text-lg font-bold text-slate-900">
            Olympic Investment Marathon!
          </h2>
          <p className="mt-0.5 text-sm leading-6 text-slate-700">
            {failed
              ? 'We could not load the challenge right now.'
              : participating
                ? 'You are in the challenge: see this week’s goal and your medals.'
                : 'Set weekly investment goals and earn digital medals.'}
          </p>
        </div>
        {to ? (
          <Link
            to={to}
            className="inline-flex h-11 shrink-0 items-center justify-center gap-1.5 rounded-xl bg-slate-900 px-5 text-sm font-semibold text-white shadow-sm hover:bg-slate-800 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-slate-900"
          >
            {participating ? 'View challenge' : 'Join Challenge'}
            <ChevronRightIcon className="size-4" />
          </Link>
        ) : failed ? (
          <RetryButton size="md" onRetry={failure.retry} className="shrink-0" />
        ) : products.isPending ? (
          <span aria-hidden="true" className="h-11 w-36 animate-pulse rounded-xl bg-white/70" />
        ) : null}
      </div>
    </section>
  );
}
