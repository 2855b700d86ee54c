import { classNames } from '../../lib/class-names.ts';

/**
 * `onBrand` and `onBrandOutline` sit on the blue balance cards: white (or see-through) with a
 * white focus ring, which the blue would swallow otherwise.
 */
export type ButtonVariant =
  'primary' | 'secondary' | 'ghost' | 'danger' | 'onBrand' | 'onBrandOutline';
export type ButtonSize = 'sm' | 'md' | 'lg';

const base =
  'inline-flex items-center justify-center gap-2 rounded-xl font-semibold transition-colors focus-visible:outline-2 focus-visible:outline-offset-2 disabled:cursor-not-allowed disabled:opacity-60';

const variants: Record<ButtonVariant, string> = {
  primary:
    'bg-brand-600 text-white shadow-sm hover:bg-brand-700 focus-visible:outline-brand-600 disabled:hover:bg-brand-600',
  secondary:
    'bg-white text-brand-700 ring-1 ring-inset ring-brand-200 hover:bg-brand-50 focus-visible:outline-brand-600',
  ghost: 'text-slate-700 hover:bg-slate-100 focus-visible:outline-brand-600',
  danger: 'bg-red-600 text-white shadow-sm hover:bg-red-700 focus-visible:outline-red-600',
  onBrand: 'bg-white text-brand-700 shadow-sm hover:bg-brand-50 focus-visible:outline-white',
  onBrandOutline:
    'bg-white/10 text-white ring-1 ring-white/40 ring-inset hover:bg-white/20 focus-visible:outline-white',
};

const sizes: Record<ButtonSize, string> = {
  sm: 'h-9 px-3 text-sm',
  md: 'h-11 px-5 text-sm',
  lg: 'h-12 px-6 text-base',
};

/** Shared by <Button> and <ButtonLink> so a link that acts as a button looks like one. */
export function buttonClassName(
  variant: ButtonVariant,
  size: ButtonSize,
  className?: string,
): string {
  return classNames(base, variants[variant], sizes[size], className);
}
