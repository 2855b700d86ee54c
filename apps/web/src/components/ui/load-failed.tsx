import { useState } from 'react';
import { Button } from './button.tsx';
import { FormErrorBanner } from './form-error-banner.tsx';
import { Spinner } from './spinner.tsx';

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
 * What a failed query said, and Try again (which asks again). Asking again takes a few seconds
 * when the server is still failing (the query client retries twice), so the button is busy until
 * the answer is in rather than looking as if nothing happened.
 */
export function LoadFailed({ query }: { query: FailedRead }) {
  const { refetch } = query;
  const [retrying, setRetrying] = useState(false);
  const busy = retrying || query.isFetching === true;
  // While it is asked again the query holds no error: what it said last stays on screen.
  const [shownError, setShownError] = useState(query.error);
  if (query.error !== null && query.error !== shownError) setShownError(query.error);

  return (
    <div className="space-y-3">
      <FormErrorBanner message={shownError?.message} />
      {/* Busy, it is only marked disabled: a disabled button would drop the focus it has. */}
      <Button
        variant="secondary"
        size="sm"
        aria-disabled={busy || undefined}
        aria-busy={busy || undefined}
        className="aria-disabled:cursor-not-allowed aria-disabled:opacity-60"
        onClick={() => {
          if (busy) return;
          retryingReads.add(refetch);
          setRetrying(true);
          void refetch().finally(() => {
            retryingReads.delete(refetch);
            setRetrying(false);
          });
        }}
      >
        {busy ? <Spinner className="size-4" /> : null}
        Try again
      </Button>
    </div>
  );
}
