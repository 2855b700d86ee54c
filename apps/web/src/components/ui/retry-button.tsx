import { useState } from 'react';
import { classNames } from '../../lib/class-names.ts';
import { Button } from './button.tsx';
import { RefreshIcon } from './icons.tsx';
import { Spinner } from './spinner.tsx';

interface RetryButtonProps {
  /** Asks again; the button is busy until what it returns settles. */
  onRetry: () => Promise<unknown>;
  /** Busy while it is asked again by anyone (a query's `isFetching`), not only by this button. */
  busy?: boolean;
  /** Small beside a sentence; an empty state's action is the usual size. */
  size?: 'sm' | 'md';
  /** `onBrand` on the blue balance cards: white, with a white focus ring. */
  tone?: 'default' | 'onBrand';
  className?: string;
}

/**
 * "Try again" after a read failed. Asking again takes a few seconds when the server is still
 * failing (the query client retries twice), so the button is busy until the answer is in rather
 * than looking as if nothing happened. Busy, it is only marked disabled: a disabled button would
 * drop the focus it has. A click while busy does nothing.
 */
export function RetryButton({
  onRetry,
  busy = false,
  size = 'sm',
  tone = 'default',
  className,
}: RetryButtonProps) {
  const [retrying, setRetrying] = useState(false);
  const isBusy = retrying || busy;
  return (
    <Button
      variant={tone === 'onBrand' ? 'onBrand' : 'secondary'}
      size={size}
      aria-disabled={isBusy || undefined}
      aria-busy={isBusy || undefined}
      className={classNames('aria-disabled:cursor-not-allowed aria-disabled:opacity-60', className)}
      onClick={() => {
        if (isBusy) return;
        setRetrying(true);
        void onRetry().finally(() => {
          setRetrying(false);
        });
      }}
    >
      {isBusy ? <Spinner className="size-4" /> : <RefreshIcon className="size-4" />}
      Try again
    </Button>
  );
}
