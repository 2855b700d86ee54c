import type { ReactNode } from 'react';
import type { To } from 'react-router';
import { ButtonLink } from '../../../components/ui/button.tsx';
import { useReadFailure } from '../../../components/ui/load-failed.tsx';
import { RetryButton } from '../../../components/ui/retry-button.tsx';
import { PlusIcon } from '../../../components/wallet/wallet-icons.tsx';

/**
 * The blue card at the top of a savings page: a figure (the plans' total) with what to do next.
 * It keeps its loaded layout while loading, so nothing below moves when the figure lands.
 */
export function SavingsBalanceCard({
  headingId,
  heading,
  figure,
  figureTestId,
  caption,
  query,
  actions,
}: {
  headingId: string;
  heading: string;
  figure: string;
  figureTestId: string;
  caption?: ReactNode;
  /** The read the figure comes from: while it loads, if it failed, and how to ask again. */
  query: {
    isPending: boolean;
    error: Error | null;
    isFetching: boolean;
    refetch: () => Promise<unknown>;
  };
  actions?: ReactNode;
}) {
  const failure = useReadFailure(query);
  return (
    <section
      aria-labelledby={headingId}
      className="relative overflow-hidden rounded-card bg-linear-to-br from-brand-600 via-brand-700 to-brand-900 p-6 text-white shadow-lg shadow-brand-900/10 sm:p-7"
    >
      <span
        aria-hidden="true"
        className="pointer-events-none absolute -top-16 -right-16 size-48 rounded-full bg-white/10"
      />
      <span
        aria-hidden="true"
        className="pointer-events-none absolute -right-4 -bottom-20 size-40 rounded-full bg-white/5"
      />
      <div className="relative">
        <h2 id={headingId} className="text-sm font-medium text-brand-100">
          {heading}
        </h2>
        {failure.shown ? (
          <div className="mt-3">
            <p className="text-base font-semibold">We could not load your plans.</p>
            <RetryButton tone="onBrand" className="mt-3" onRetry={failure.retry} />
          </div>
        ) : query.isPending ? (
          <div aria-hidden="true" className="mt-2">
            <span className="block h-10 w-52 max-w-full animate-pulse rounded-lg bg-white/20" />
            <span className="mt-3 block h-4 w-40 animate-pulse rounded bg-white/15" />
          </div>
        ) : (
          <>
            <p
              className="mt-2 text-4xl font-bold tracking-tight tabular-nums sm:text-[2.75rem]"
              data-testid={figureTestId}
            >
              {figure}
            </p>
            {caption ? <p className="mt-2 text-sm text-brand-100">{caption}</p> : null}
          </>
        )}
        {actions ? <div className="mt-6 flex flex-wrap gap-3">{actions}</div> : null}
      </div>
    </section>
  );
}

/** What to do next, on the balance card: a white button-like link with a plus. */
export function SavingsBalanceLink({ to, label }: { to: To; label: string }) {
  return (
    <ButtonLink variant="onBrand" to={to}>
      <PlusIcon className="size-4" />
      {label}
    </ButtonLink>
  );
}
