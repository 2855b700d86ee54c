import { useEffect, useId, useState, useSyncExternalStore } from 'react';
import { Link } from 'react-router';
import {
  FundWalletIllustration,
  SaveTargetIllustration,
  SaveTogetherIllustration,
} from '../../../components/brand/illustrations.tsx';
import { classNames } from '../../../lib/class-names.ts';
import { useAdverts, type Advert } from '../api/get-adverts.ts';
import { CarouselControls } from './carousel-controls.tsx';

/** Long enough to read a title, a sentence and a button label twice over. */
export const ADVERT_ROTATION_MS = 7000;

/** One slide's frame, shared by the placeholder so nothing moves when the adverts arrive. */
const slideFrame = 'min-h-[13rem] rounded-card sm:min-h-[11.5rem]';

const slideColours = [
  'from-brand-600 to-brand-800',
  'from-accent-600 to-accent-700',
  'from-brand-800 to-brand-950',
] as const;

/** Only same-site paths are linked, so an advert cannot send people off Ajo. */
function isInternalPath(path: string): boolean {
  return path.startsWith('/') && !path.startsWith('//');
}

/** The drawing that fits what the advert offers, chosen by where its button goes. */
function AdvertIllustration({ path, className }: { path: string; className: string }) {
  if (path.startsWith('/wallet')) return <FundWalletIllustration className={className} />;
  if (path.startsWith('/savings')) return <SaveTargetIllustration className={className} />;
  return <SaveTogetherIllustration className={className} />;
}

const reducedMotionQuery = '(prefers-reduced-motion: reduce)';

function subscribeToReducedMotion(onChange: () => void): () => void {
  const query = window.matchMedia(reducedMotionQuery);
  query.addEventListener('change', onChange);
  return () => {
    query.removeEventListener('change', onChange);
  };
}

/** Whether the person asked their system for less motion (then nothing turns by itself). */
function usePrefersReducedMotion(): boolean {
  return useSyncExternalStore(
    subscribeToReducedMotion,
    () => window.matchMedia(reducedMotionQuery).matches,
    () => false,
  );
}

function AdvertSlide({
  advert,
  index,
  count,
  current,
}: {
  advert: Advert;
  index: number;
  count: number;
  current: boolean;
}) {
  return (
    <div
      role="group"
      aria-roledescription="slide"
      aria-label={`${String(index + 1)} of ${String(count)}`}
      className={classNames(
        slideFrame,
        'flex items-center gap-4 overflow-hidden bg-linear-to-br p-card text-white [grid-area:1/1]',
        slideColours[index % slideColours.length],
        current ? 'motion-safe:animate-fade-in' : 'invisible',
      )}
    >
      <div className="flex min-w-0 flex-1 flex-col self-stretch">
        <p className="text-lg leading-snug font-bold">{advert.title}</p>
        <p className="mt-1 flex-1 text-sm leading-6 text-white/90">{advert.body}</p>
        {isInternalPath(advert.cta_path) ? (
          <Link
            to={advert.cta_path}
            className="mt-4 inline-flex self-start rounded-xl bg-white px-4 py-2 text-sm font-semibold text-brand-800 shadow-sm hover:bg-brand-50 focus-visible:outline-white"
          >
            {advert.cta_label}
          </Link>
        ) : null}
      </div>
      <AdvertIllustration
        path={advert.cta_path}
        className="hidden w-32 shrink-0 min-[420px]:block sm:w-36"
      />
    </div>
  );
}

/**
 * The banner adverts as one carousel instead of a stack: one offer at a time, turning every
 * few seconds, with a pause button first in its controls (WCAG 2.2.2), previous and next, and a
 * dot per offer. It stops turning while the pointer or keyboard focus is on it, and never turns
 * by itself for people who asked their system for reduced motion. Following the WAI-ARIA
 * carousel pattern, the slides are announced only while it is not turning by itself.
 */
export function AdvertCarousel() {
  const { data: adverts, isPending } = useAdverts();
  const headingId = useId();
  const reducedMotion = usePrefersReducedMotion();
  const [index, setIndex] = useState(0);
  const [playing, setPlaying] = useState<boolean | null>(null);
  const [hovered, setHovered] = useState(false);
  const [focused, setFocused] = useState(false);
  const count = adverts?.length ?? 0;
  // Until the person chooses, it plays unless they asked for reduced motion.
  const rotating = (playing ?? !reducedMotion) && count > 1;
  const turning = rotating && !hovered && !focused;

  useEffect(() => {
    if (!turning) return undefined;
    const timer = window.setTimeout(() => {
      setIndex((current) => (current + 1) % count);
    }, ADVERT_ROTATION_MS);
    return () => {
      window.clearTimeout(timer);
    };
  }, [turning, index, count]);

  if (isPending) {
    return <div aria-hidden="true" className={`${slideFrame} animate-pulse bg-brand-100`} />;
  }
  if (!adverts || count === 0) return null;
  const current = index % count;

  return (
    <section
      aria-roledescription="carousel"
      aria-labelledby={headingId}
      onMouseEnter={() => {
        setHovered(true);
      }}
      onMouseLeave={() => {
        setHovered(false);
      }}
      onFocus={() => {
        setFocused(true);
      }}
      onBlur={(event) => {
        if (!event.currentTarget.contains(event.relatedTarget)) setFocused(false);
      }}
    >
      <h2 id={headingId} className="sr-only">
        Offers for you
      </h2>
      <div aria-live={turning ? 'off' : 'polite'} className="grid">
        {adverts.map((advert, slideIndex) => (
          <AdvertSlide
            key={advert.id}
            advert={advert}
            index={slideIndex}
            count={count}
            current={slideIndex === current}
          />
        ))}
      </div>
      {count > 1 ? (
        <CarouselControls
          count={count}
          current={current}
          playing={rotating}
          onTogglePlaying={() => {
            setPlaying(!rotating);
          }}
          onShow={setIndex}
        />
      ) : null}
    </section>
  );
}
