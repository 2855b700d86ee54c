import { classNames } from '../../../lib/class-names.ts';
import { badgeColour, billerMonogram, monogramTone } from '../utils/biller-look.ts';

/** A biller's round badge in its brand colour, with its monogram, standing in for a logo. */
export function BillerBadge({
  shortName,
  name,
  colour,
  size = 'md',
}: {
  shortName: string;
  /** The full name, whose acronym in brackets ("(IKEDC)") is preferred. */
  name?: string;
  colour: string;
  size?: 'sm' | 'md';
}) {
  const background = badgeColour(colour);
  const monogram = billerMonogram(shortName, name);
  const isLong = monogram.length > 3;
  return (
    <span
      aria-hidden="true"
      style={{ backgroundColor: background }}
      className={classNames(
        'flex shrink-0 items-center justify-center rounded-full font-bold tracking-tight shadow-sm ring-1 ring-black/5',
        monogramTone(background) === 'light' ? 'text-white' : 'text-slate-900',
        size === 'sm' ? 'size-9' : 'size-11',
        isLong ? 'text-[0.6rem] tracking-tighter' : size === 'sm' ? 'text-[0.7rem]' : 'text-xs',
      )}
    >
      {monogram}
    </span>
  );
}
