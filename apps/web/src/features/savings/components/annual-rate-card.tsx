import type { ReactNode } from 'react';
import type { ReadFailure } from '../../../components/ui/load-failed.tsx';
import { RetryButton } from '../../../components/ui/retry-button.tsx';
import { GrowthIcon } from './savings-icons.tsx';

/**
 * Annual Interest Rate, wide screens only (spec section 2): a product's rate per annum, a
 * skeleton until the catalogue has loaded ("Not available" with Try again when it could not
 * be), and a note on how the interest is paid.
 */
export function AnnualRateCard({
  headingId,
  rate,
  failure,
  rateTestId,
  perAnnumLabel,
  note,
  spaced = false,
}: {
  headingId: string;
  /** Percent per annum; undefined while the catalogue loads. */
  rate: number | undefined;
  /** The catalogue's read (`useReadFailure`): its failure shows in place of the rate. */
  failure: ReadFailure;
  rateTestId: string;
  perAnnumLabel: string;
  note: ReactNode;
  /** Keeps a gap between the parts, for a note long enough to reach the rate. */
  spaced?: boolean;
}) {
  return (
    <section
      aria-labelledby={headingId}
      className={
        spaced
          ? 'hidden flex-col justify-between gap-4 rounded-card bg-white p-card shadow-card ring-1 ring-slate-900/5 desktop:flex'
          : 'hidden flex-col justify-between rounded-card bg-white p-card shadow-card ring-1 ring-slate-900/5 desktop:flex'
      }
    >
      <div className="flex items-start justify-between gap-3">
        <h2 id={headingId} className="text-sm font-medium text-slate-500">
          Annual Interest Rate
        </h2>
        <span className="flex size-10 items-center justify-center rounded-xl bg-accent-50 text-accent-600">
          <GrowthIcon className="size-5" />
        </span>
      </div>
      <div>
        {rate === undefined && failure.shown ? (
          <div className="flex flex-wrap items-center gap-3">
            <p
              className="text-base leading-10 font-semibold text-slate-600"
              data-testid={rateTestId}
            >
              Not available
            </p>
            <RetryButton onRetry={failure.retry} />
          </div>
        ) : rate === undefined ? (
          <span
            aria-hidden="true"
            className="block h-10 w-24 animate-pulse rounded-lg bg-slate-200"
          />
        ) : (
          <p
            className="text-4xl font-bold tracking-tight text-slate-900 tabular-nums"
            data-testid={rateTestId}
          >
            {String(rate)}%
          </p>
        )}
        <p className="mt-1 text-sm text-slate-600">{perAnnumLabel}</p>
      </div>
      <p className="text-xs leading-5 text-slate-500">{note}</p>
    </section>
  );
}
