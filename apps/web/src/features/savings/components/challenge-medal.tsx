import { useId } from 'react';
import { classNames } from '../../../lib/class-names.ts';
import type { ChallengeWeekState } from '../utils/challenge-progress.ts';

/**
 * A medal on its ribbon: gold with a star when the week's goal was reached, a dashed outline for
 * this week's medal still to win, a faded grey disc for a week missed.
 */
export function ChallengeMedal({
  state,
  className,
}: {
  state: ChallengeWeekState;
  className?: string;
}) {
  const gradientId = useId();
  const earned = state === 'earned';
  return (
    <svg
      aria-hidden="true"
      viewBox="0 0 48 64"
      className={classNames('block', state === 'missed' && 'opacity-45', className)}
    >
      <defs>
        <radialGradient id={gradientId} cx="0.35" cy="0.3" r="0.8">
          <stop offset="0" stopColor="#fff7cc" />
          <stop offset="0.45" stopColor="#fbbf24" />
          <stop offset="1" stopColor="#b45309" />
        </radialGradient>
      </defs>
      {/* The ribbon. */}
      <path d="M12 0h10l6 22h-10z" fill={earned ? '#1f4bd8' : '#cbd5e1'} />
      <path d="M36 0H26l-6 22h10z" fill={earned ? '#0b8457' : '#e2e8f0'} />
      {/* The disc. */}
      {state === 'current' ? (
        <circle
          cx="24"
          cy="40"
          r="16"
          fill="#eff4ff"
          stroke="#6089fa"
          strokeWidth="2.5"
          strokeDasharray="5 4"
        />
      ) : (
        <>
          <circle cx="24" cy="40" r="17" fill={earned ? `url(#${gradientId})` : '#cbd5e1'} />
          <circle
            cx="24"
            cy="40"
            r="12.5"
            fill="none"
            stroke={earned ? '#fde68a' : '#e2e8f0'}
            strokeWidth="1.5"
          />
        </>
      )}
      <path
        d="M24 31.5l2.6 5.3 5.8.8-4.2 4.1 1 5.8-5.2-2.7-5.2 2.7 1-5.8-4.2-4.1 5.8-.8z"
        fill={earned ? '#fffbeb' : state === 'current' ? '#93b2fd' : '#f1f5f9'}
      />
    </svg>
  );
}
