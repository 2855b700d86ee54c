import type { ReactNode } from 'react';
import { classNames } from '../../lib/class-names.ts';

/*
 * Spot illustrations, drawn for Ajo as inline SVG: a few hundred bytes each, no image requests,
 * crisp at any size, coloured by the theme's tokens. They sit on the coloured advert slides and
 * empty states, so they use white, translucent white and the gold of the logo. Decorative only:
 * the text beside each one says what it means.
 */

interface IllustrationProps {
  className?: string;
}

function Frame({ className, children }: IllustrationProps & { children: ReactNode }) {
  return (
    <svg
      viewBox="0 0 160 120"
      aria-hidden="true"
      focusable="false"
      className={classNames('h-auto w-40', className)}
    >
      {children}
    </svg>
  );
}

/** A gold coin with a naira sign drawn as strokes (no font needed inside the SVG). */
function NairaCoin({ x, y, radius }: { x: number; y: number; radius: number }) {
  const half = radius * 0.42;
  return (
    <g>
      <circle cx={x} cy={y + 3} r={radius} className="fill-black/15" />
      <circle cx={x} cy={y} r={radius} className="fill-sun-400" />
      <circle cx={x} cy={y} r={radius * 0.74} className="fill-sun-300" />
      <path
        d={`M${String(x - half * 0.7)} ${String(y + half)}V${String(y - half)}L${String(x + half * 0.7)} ${String(y + half)}V${String(y - half)}M${String(x - half * 1.1)} ${String(y - half * 0.25)}H${String(x + half * 1.1)}M${String(x - half * 1.1)} ${String(y + half * 0.3)}H${String(x + half * 1.1)}`}
        fill="none"
        strokeWidth={radius * 0.14}
        strokeLinecap="round"
        strokeLinejoin="round"
        className="stroke-sun-900"
      />
    </g>
  );
}

/** A phone receiving a transfer: "fund your wallet". */
export function FundWalletIllustration({ className }: IllustrationProps) {
  return (
    <Frame className={className}>
      <circle cx="84" cy="60" r="52" className="fill-white/10" />
      <rect x="58" y="14" width="50" height="92" rx="10" className="fill-white" />
      <rect x="63" y="24" width="40" height="64" rx="4" className="fill-brand-100" />
      <rect x="68" y="32" width="22" height="5" rx="2.5" className="fill-brand-300" />
      <rect x="68" y="44" width="30" height="8" rx="4" className="fill-brand-600" />
      <rect x="68" y="60" width="30" height="4" rx="2" className="fill-brand-200" />
      <rect x="68" y="69" width="24" height="4" rx="2" className="fill-brand-200" />
      <rect x="76" y="94" width="14" height="4" rx="2" className="fill-brand-200" />
      <path
        d="M18 70c8-22 22-32 40-30"
        fill="none"
        strokeWidth="5"
        strokeLinecap="round"
        strokeDasharray="1 10"
        className="stroke-white/80"
      />
      <path
        d="m50 32 9 8-10 7"
        fill="none"
        strokeWidth="5"
        strokeLinecap="round"
        strokeLinejoin="round"
        className="stroke-white"
      />
      <NairaCoin x={120} y={80} radius={20} />
    </Frame>
  );
}

/** A jar filling up towards a flag: "save towards a target". */
export function SaveTargetIllustration({ className }: IllustrationProps) {
  return (
    <Frame className={className}>
      <circle cx="80" cy="62" r="52" className="fill-white/10" />
      <path d="M120 18v62" strokeWidth="4" strokeLinecap="round" className="stroke-white" />
      <path d="M122 18h22l-6 8 6 8h-22z" className="fill-sun-400" />
      <rect x="50" y="26" width="52" height="10" rx="4" className="fill-white/70" />
      <path
        d="M46 40c0-4 3-6 7-6h46c4 0 7 2 7 6v56c0 8-6 14-14 14H60c-8 0-14-6-14-14z"
        className="fill-white/25"
      />
      <path d="M46 70h60v26c0 8-6 14-14 14H60c-8 0-14-6-14-14z" className="fill-white" />
      <NairaCoin x={66} y={64} radius={11} />
      <NairaCoin x={88} y={54} radius={11} />
      <path
        d="M24 92l14-14 10 8 14-18"
        fill="none"
        strokeWidth="4"
        strokeLinecap="round"
        strokeLinejoin="round"
        className="stroke-sun-300"
      />
    </Frame>
  );
}

/** Three friends around a coin: the circle that saves together. */
export function SaveTogetherIllustration({ className }: IllustrationProps) {
  const friend = (x: number, y: number, tone: string) => (
    <g className={tone}>
      <circle cx={x} cy={y} r="11" />
      <path d={`M${String(x - 17)} ${String(y + 30)}c0-11 8-17 17-17s17 6 17 17z`} />
    </g>
  );
  return (
    <Frame className={className}>
      <circle
        cx="80"
        cy="62"
        r="44"
        fill="none"
        strokeWidth="3"
        strokeDasharray="2 9"
        strokeLinecap="round"
        className="stroke-white/70"
      />
      {friend(80, 14, 'fill-white')}
      {friend(36, 66, 'fill-white/85')}
      {friend(124, 66, 'fill-white/85')}
      <NairaCoin x={80} y={70} radius={17} />
    </Frame>
  );
}
