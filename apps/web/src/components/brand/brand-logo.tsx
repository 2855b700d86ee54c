import { classNames } from '../../lib/class-names.ts';

interface BrandGlyphProps {
  /** `onBrand` is for blue backgrounds such as the sidebar: a white tile, a blue letter. */
  tone?: 'default' | 'onBrand';
  className?: string;
}

/**
 * The Ajo mark: a round "a" holding a gold coin, the circle of people who save together and the
 * pot they take turns to receive. The same drawing as public/favicon.svg and the app icons.
 */
export function BrandGlyph({ tone = 'default', className }: BrandGlyphProps) {
  const onBrand = tone === 'onBrand';
  const ring = onBrand ? 'fill-none stroke-brand-700' : 'fill-none stroke-white';
  const stem = onBrand ? 'fill-brand-700' : 'fill-white';
  return (
    <svg
      className={classNames('size-9 shrink-0', className)}
      viewBox="0 0 64 64"
      aria-hidden="true"
    >
      <rect width="64" height="64" rx="16" className={onBrand ? 'fill-white' : 'fill-brand-600'} />
      <circle cx="31.5" cy="32" r="11" strokeWidth="7.5" className={ring} />
      <rect x="39" y="17.25" width="7.5" height="29.5" rx="3.75" className={stem} />
      <circle cx="31.5" cy="32" r="4" className="fill-sun-400" />
    </svg>
  );
}

interface BrandLogoProps extends BrandGlyphProps {
  /** Hides the word beside the mark (still read out by screen readers). */
  compact?: boolean;
}

/** The mark and the word "Ajo", read as "Ajo". */
export function BrandLogo({ tone = 'default', compact = false, className }: BrandLogoProps) {
  return (
    <span className={classNames('inline-flex items-center gap-2.5', className)}>
      <BrandGlyph tone={tone} />
      <span
        className={classNames(
          'text-2xl font-extrabold tracking-tight',
          tone === 'onBrand' ? 'text-white' : 'text-brand-950',
          compact && 'sr-only',
        )}
      >
        Ajo
      </span>
    </span>
  );
}
