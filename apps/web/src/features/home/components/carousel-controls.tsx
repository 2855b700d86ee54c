import { StrokeIcon, type IconProps } from '../../../components/ui/stroke-icon.tsx';
import { classNames } from '../../../lib/class-names.ts';

function PauseIcon(props: IconProps) {
  return (
    <StrokeIcon {...props}>
      <path d="M9 6v12M15 6v12" />
    </StrokeIcon>
  );
}

function PlayIcon(props: IconProps) {
  return (
    <StrokeIcon {...props}>
      <path d="M8 5.5v13l10-6.5z" />
    </StrokeIcon>
  );
}

function ChevronIcon({ direction, ...props }: IconProps & { direction: 'left' | 'right' }) {
  return (
    <StrokeIcon {...props}>
      <path d={direction === 'left' ? 'm15 6-6 6 6 6' : 'm9 6 6 6-6 6'} />
    </StrokeIcon>
  );
}

const roundButton =
  'flex size-9 items-center justify-center rounded-full text-slate-700 ring-1 ring-slate-200 ring-inset hover:bg-white hover:text-brand-700';

interface CarouselControlsProps {
  count: number;
  current: number;
  playing: boolean;
  onTogglePlaying: () => void;
  onShow: (index: number) => void;
}

/** Pause or play first (WCAG 2.2.2), then previous, a dot per offer, and next. */
export function CarouselControls({
  count,
  current,
  playing,
  onTogglePlaying,
  onShow,
}: CarouselControlsProps) {
  return (
    <div className="mt-3 flex items-center gap-2">
      <button
        type="button"
        className={roundButton}
        aria-label={playing ? 'Pause the offers' : 'Play the offers'}
        onClick={onTogglePlaying}
      >
        {playing ? <PauseIcon className="size-4" /> : <PlayIcon className="size-4" />}
      </button>
      <div className="ml-auto flex items-center gap-1">
        <button
          type="button"
          className={roundButton}
          aria-label="Previous offer"
          onClick={() => {
            onShow((current - 1 + count) % count);
          }}
        >
          <ChevronIcon direction="left" className="size-4" />
        </button>
        {Array.from({ length: count }, (_, index) => (
          <button
            key={index}
            type="button"
            aria-label={`Offer ${String(index + 1)} of ${String(count)}`}
            aria-current={index === current ? 'true' : undefined}
            onClick={() => {
              onShow(index);
            }}
            className="group flex size-6 items-center justify-center rounded-full"
          >
            <span
              className={classNames(
                'block h-2 rounded-full transition-all',
                index === current
                  ? 'w-5 bg-brand-600'
                  : 'w-2 bg-slate-300 group-hover:bg-slate-400',
              )}
            />
          </button>
        ))}
        <button
          type="button"
          className={roundButton}
          aria-label="Next offer"
          onClick={() => {
            onShow((current + 1) % count);
          }}
        >
          <ChevronIcon direction="right" className="size-4" />
        </button>
      </div>
    </div>
  );
}
