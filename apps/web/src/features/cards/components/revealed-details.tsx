import { useEffect, useState } from 'react';
import { Button } from '../../../components/ui/button.tsx';
import { CopyButton } from '../../../components/ui/copy-button.tsx';
import { formatCountdown, secondsLeft } from '../../../lib/quotes.ts';
import { groupCardNumber } from '../utils/card-display.ts';
import { EyeOffIcon } from './card-icons.tsx';

export interface ShownDetails {
  number: string;
  cvv: string;
  /** When they hide again, on this browser's clock (revealDeadlineMs). */
  deadlineMs: number;
}

/** Seconds until the details hide; `onExpired` runs once when they reach 0. */
function useSecondsUntil(deadlineMs: number, onExpired: () => void): number {
  const [now, setNow] = useState(() => Date.now());
  useEffect(() => {
    const timer = setInterval(() => {
      const at = Date.now();
      setNow(at);
      if (at >= deadlineMs) {
        clearInterval(timer);
        onExpired();
      }
    }, 500);
    return () => {
      clearInterval(timer);
    };
  }, [deadlineMs, onExpired]);
  return secondsLeft(deadlineMs, now);
}

/**
 * The full number and CVV after the password check, each with a copy button, hidden again at the
 * vault token's expiry (or at once with Hide).
 */
export function RevealedDetails({
  details,
  expiry,
  onHide,
}: {
  details: ShownDetails;
  expiry: string;
  onHide: () => void;
}) {
  const seconds = useSecondsUntil(details.deadlineMs, onHide);
  return (
    <section
      aria-labelledby="revealed-details-heading"
      className="rounded-card bg-white p-5 shadow-card ring-1 ring-slate-900/5"
      data-testid="revealed-details"
    >
      <div className="flex flex-wrap items-center justify-between gap-2">
        <h2 id="revealed-details-heading" className="text-base font-semibold text-slate-900">
          Card details
        </h2>
        <span className="text-xs font-medium text-slate-500 tabular-nums" role="timer">
          Hides in {formatCountdown(seconds)}
        </span>
      </div>
      <dl className="mt-4 divide-y divide-slate-100">
        <div className="flex flex-wrap items-center justify-between gap-x-3 gap-y-1 py-2.5">
          <dt className="w-full text-xs font-medium text-slate-500 sm:w-auto">Card number</dt>
          <dd className="font-mono text-base font-semibold tracking-wider text-slate-900 tabular-nums">
            {groupCardNumber(details.number)}
          </dd>
          <CopyButton value={details.number} what="card number" className="ml-auto" />
        </div>
        <div className="flex flex-wrap items-center justify-between gap-x-3 gap-y-1 py-2.5">
          <dt className="text-xs font-medium text-slate-500">CVV</dt>
          <dd className="font-mono text-base font-semibold text-slate-900 tabular-nums">
            {details.cvv}
          </dd>
          <CopyButton value={details.cvv} what="CVV" className="ml-auto" />
        </div>
        <div className="flex items-center justify-between gap-3 py-2.5">
          <dt className="text-xs font-medium text-slate-500">Expiry</dt>
          <dd className="font-mono text-base font-semibold text-slate-900 tabular-nums">
            {expiry}
          </dd>
        </div>
      </dl>
      <Button variant="secondary" size="sm" className="mt-3 w-full" onClick={onHide}>
        <EyeOffIcon className="size-4" />
        Hide details
      </Button>
    </section>
  );
}
