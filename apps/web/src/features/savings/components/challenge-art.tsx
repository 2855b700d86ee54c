import { useId } from 'react';
import { classNames } from '../../../lib/class-names.ts';

type Motif = 'sprint' | 'relay' | 'marathon';

const motifs: readonly Motif[] = ['sprint', 'relay', 'marathon'];

const palettes: Record<Motif, { from: string; to: string; glow: string }> = {
  sprint: { from: '#1f4bd8', to: '#0b8457', glow: '#fcd34d' },
  relay: { from: '#7c3aed', to: '#1f4bd8', glow: '#6ee7b7' },
  marathon: { from: '#0a6c48', to: '#141f45', glow: '#fbbf24' },
};

/**
 * Which picture a target gets: named by its image ("/challenges/relay.svg" → relay), else one of
 * the three chosen steadily from its id, so a card never shows a broken image.
 */
export function challengeMotif(imageUrl: string, id: string): Motif {
  const named = motifs.find((motif) => imageUrl.includes(motif));
  if (named) return named;
  let hash = 0;
  for (const character of id) hash = (hash * 31 + character.charCodeAt(0)) % 997;
  return motifs[hash % motifs.length] ?? 'sprint';
}

function SprintMotif({ glow }: { glow: string }) {
  return (
    <g fill="none" strokeLinecap="round">
      {[0, 1, 2, 3].map((lane) => (
        <path
          key={lane}
          d={`M-20 ${String(150 - lane * 14)} C 90 ${String(150 - lane * 14)}, 170 ${String(60 - lane * 10)}, 340 ${String(40 - lane * 8)}`}
          stroke="white"
          strokeOpacity={0.18 + lane * 0.06}
          strokeWidth="3"
        />
      ))}
      <circle cx="238" cy="62" r="30" stroke={glow} strokeWidth="5" />
      <path d="M238 44v18l11 9" stroke={glow} strokeWidth="5" />
      <path d="M230 24h16" stroke={glow} strokeWidth="5" />
    </g>
  );
}

function RelayMotif({ glow }: { glow: string }) {
  return (
    <g fill="none" strokeWidth="6">
      <circle cx="176" cy="70" r="26" stroke="white" strokeOpacity="0.55" />
      <circle cx="212" cy="94" r="26" stroke={glow} />
      <circle cx="248" cy="70" r="26" stroke="white" strokeOpacity="0.8" />
      <path d="M40 130l60-24" stroke="white" strokeOpacity="0.35" strokeLinecap="round" />
      <rect
        x="64"
        y="104"
        width="44"
        height="12"
        rx="6"
        transform="rotate(-22 86 110)"
        fill={glow}
        stroke="none"
      />
    </g>
  );
}

function MarathonMotif({ glow }: { glow: string }) {
  return (
    <g>
      <path
        d="M0 128 L70 70 L120 110 L190 40 L260 104 L320 72 V160 H0Z"
        fill="white"
        fillOpacity="0.12"
      />
      <path d="M0 146 L90 100 L150 132 L230 84 L320 118 V160 H0Z" fill="white" fillOpacity="0.18" />
      <path
        d="M150 160 C 170 130, 120 118, 160 98 S 210 76, 196 52"
        fill="none"
        stroke={glow}
        strokeWidth="5"
        strokeDasharray="10 8"
        strokeLinecap="round"
      />
      <path d="M196 52V22" stroke="white" strokeWidth="4" strokeLinecap="round" />
      <path d="M198 22h30l-8 9 8 9h-30z" fill={glow} />
    </g>
  );
}

/**
 * A target's picture, drawn here rather than loaded: a gradient and a motif (a track, a relay
 * baton and rings, a road to a flag). Decorative: the card's name says what it is.
 */
export function ChallengeArt({
  imageUrl,
  id,
  className,
}: {
  imageUrl: string;
  id: string;
  className?: string;
}) {
  const gradientId = useId();
  const motif = challengeMotif(imageUrl, id);
  const palette = palettes[motif];
  return (
    <svg
      aria-hidden="true"
      viewBox="0 0 320 160"
      preserveAspectRatio="xMidYMid slice"
      className={classNames('block', className)}
    >
      <defs>
        <linearGradient id={gradientId} x1="0" y1="0" x2="1" y2="1">
          <stop offset="0" stopColor={palette.from} />
          <stop offset="1" stopColor={palette.to} />
        </linearGradient>
      </defs>
      <rect width="320" height="160" fill={`url(#${gradientId})`} />
      <circle cx="290" cy="-10" r="80" fill="white" fillOpacity="0.08" />
      <circle cx="20" cy="170" r="60" fill="white" fillOpacity="0.06" />
      {motif === 'sprint' ? <SprintMotif glow={palette.glow} /> : null}
      {motif === 'relay' ? <RelayMotif glow={palette.glow} /> : null}
      {motif === 'marathon' ? <MarathonMotif glow={palette.glow} /> : null}
    </svg>
  );
}
