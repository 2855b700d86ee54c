import { useState } from 'react';
import { readFailureMessage } from '../../lib/read-failure.ts';
import { FormErrorBanner } from './form-error-banner.tsx';
import { RetryButton } from './retry-button.tsx';

type Refetch = () => Promise<unknown>;

interface FailedRead {
  error: Error | null;
  /** Settles once the read has been asked again, the query client's own retries included. */
  refetch: Refetch;
  /** A query's own flag: while it is asked again, whoever asked, Try again shows it is busy. */
  isFetching?: boolean;
}

/*
 * Reads are known by their `refetch`, which a query hands out once for as long as the component
 * using it lives (TanStack Query binds it to the query's observer).
 */

/** Reads that Try again is asking again, until the answer is in. */
const retryingReads = new WeakSet<Refetch>();

/**
 * Whether Try again is asking again for this read. A query with no data goes back to pending
 * while it is asked again, which would swap the failure (and Try again) for the loading view for
 * the seconds the retries take; showing the failure meanwhile keeps the button in place, busy,
 * with focus on it. Callers show it while `query.isError || isRetryingRead(query)`, checked before
 * `query.isPending` (or use `useReadFailure`, which says the same as `shown`).
 */
export function isRetryingRead(query: { isFetching?: boolean; refetch: Refetch }): boolean {
  return query.isFetching === true && retryingReads.has(query.refetch);
}

/** Whether a read's failure is on screen: it failed, or Try again is asking it again. */
export function showsReadFailure(query: FailedRead): boolean {
  return query.error !== null || isRetryingRead(query);
}

/** A failed read as its failure shows it, for a page's own failure or a line inside a card. */
export interface ReadFailure {
  /**
   * Show the failure: the read failed, or Try again is asking it again. Check it before
   * `isPending`; where TypeScript must then know the data is there, check
   * `query.isError || failure.shown`.
   */
  shown: boolean;
  /** What the read said last; while it is asked again the query holds no error, so this stays. */
  error: Error | null;
  /** Try again's `onRetry`: asks again, the read marked as Try again's until the answer is in. */
  retry: Refetch;
}

/**
 * The failure of a read and Try again for it, kept on screen while Try again asks again. Without
 * it, a query with no data that is asked again goes back to pending with its error cleared, and a
 * component that shows its skeleton while pending swaps the failure and the focused Try again for
 * the skeleton for the seconds the retries take: focus drops to the page and the busy button is
 * never seen.
 */
export function useReadFailure(query: FailedRead): ReadFailure {
  const { refetch } = query;
  const [lastError, setLastError] = useState(query.error);
  if (query.error !== null && query.error !== lastError) setLastError(query.error);
  return {
    shown: showsReadFailure(query),
    error: query.error ?? lastError,
    retry: () => {
      retryingReads.add(refetch);
      return refetch().finally(() => {
        retryingReads.delete(refetch);
      });
    },
  };
}

/**
 * What a failed query said (or, when no answer came, that Ajo could not be reached), and Try
 * again, busy until the answer is in.
 */
export function LoadFailed({ query }: { query: FailedRead }) {
  const failure = useReadFailure(query);
  return (
    <div className="space-y-3">
      <FormErrorBanner message={failure.error ? readFailureMessage(failure.error) : undefined} />
      <RetryButton busy={query.isFetching} onRetry={failure.retry} />
    </div>
  );
}
