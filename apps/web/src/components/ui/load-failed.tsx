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
 * the seconds the retries take; showing LoadFailed meanwhile keeps the button in place, busy, with
 * focus on it. Callers show it while `query.isError || isRetryingRead(query)`, checked before
 * `query.isPending`.
 */
export function isRetryingRead(query: { isFetching: boolean; refetch: Refetch }): boolean {
  return query.isFetching && retryingReads.has(query.refetch);
}

/**
 * What a failed query said (or, when no answer came, that Ajo could not be reached), and Try
 * again, busy until the answer is in.
 */
export function LoadFailed({ query }: { query: FailedRead }) {
  const { refetch } = query;
  // While it is asked again the query holds no error: what it said last stays on screen.
  const [shownError, setShownError] = useState(query.error);
  if (query.error !== null && query.error !== shownError) setShownError(query.error);

  return (
    <div className="space-y-3">
      <FormErrorBanner message={shownError ? readFailureMessage(shownError) : undefined} />
      <RetryButton
        busy={query.isFetching}
        onRetry={() => {
          retryingReads.add(refetch);
          return refetch().finally(() => {
            retryingReads.delete(refetch);
          });
        }}
      />
    </div>
  );
}
