import { classNames } from '../../lib/class-names.ts';

interface BrandMarkProps {
  /** `onBrand` is for blue backgrounds such as the sidebar. */
  tone?: 'default' | 'onBrand';
  className?: string;
}

/** The Ajo logo: the "A" tile and the word mark. Decorative text is readable as "Ajo". */
export function BrandMark({ tone = 'default', className }: BrandMarkProps) {
  const onBrand = tone === 'onBrand';
  return (
    <span className={classNames('inline-flex items-center gap-2.5', className)}>
      <svg className="size-9" viewBox="0 0 64 64" aria-hidden="true">
        <rect
          width="64"
          height="64"
          rx="14"
          className={onBrand ? 'fill-white' : 'fill-brand-600'}
        />
        <path
          d="M20 46 31 18h4l11 28h-6.5l-2.4-6.4H28.9L26.5 46H20Zm10.8-11.6h6.4L34 25.6l-3.2 8.8Z"
          className={onBrand ? 'fill-brand-700' : 'fill-white'}
        />
      </svg>
      <span
        className={classNames(
          'text-2xl font-extrabold tracking-tight',
          onBrand ? 'text-white' : 'text-slate-900',
        )}
      >
        Ajo
      </span>
    </span>
  );
}
