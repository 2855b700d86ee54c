import { classNames } from '../../lib/class-names.ts';

/** Dark enough for white text (WCAG AA) on every entry. */
const avatarColours = [
  'bg-emerald-700',
  'bg-amber-700',
  'bg-rose-600',
  'bg-violet-600',
  'bg-sky-700',
  'bg-teal-700',
  'bg-orange-700',
  'bg-fuchsia-700',
] as const;

/** A small stable string hash (djb2), so a name always gets the same colour. */
function hashName(name: string): number {
  let hash = 5381;
  for (let index = 0; index < name.length; index += 1) {
    hash = (hash * 33 + name.charCodeAt(index)) >>> 0;
  }
  return hash;
}

interface AvatarProps {
  name: string;
  className?: string;
}

/**
 * The user's initial on a colour picked from their first name. Generated here rather than by a
 * third-party avatar service, so no personal data leaves the app and the CSP stays strict.
 */
export function Avatar({ name, className }: AvatarProps) {
  const initial = name.trim().charAt(0).toUpperCase() || '?';
  const colour = avatarColours[hashName(name.trim().toLowerCase()) % avatarColours.length];
  return (
    <span
      aria-hidden="true"
      className={classNames(
        'inline-flex size-10 shrink-0 items-center justify-center rounded-full text-base font-bold text-white',
        colour,
        className,
      )}
    >
      {initial}
    </span>
  );
}
