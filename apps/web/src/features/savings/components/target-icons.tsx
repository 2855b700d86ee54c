import type { ComponentType } from 'react';
import { StrokeIcon, type IconProps } from '../../../components/ui/stroke-icon.tsx';
import { TargetIcon } from './savings-icons.tsx';

/** A plane: a vacation. */
export function PlaneIcon(props: IconProps) {
  return (
    <StrokeIcon {...props}>
      <path d="M10.5 13.5 3 11l1.5-1.5 7.5 1L16.5 6a2.1 2.1 0 0 1 3 3l-4.5 4.5 1 7.5L14.5 22.5 12 15" />
    </StrokeIcon>
  );
}

/** A house: the rent. */
export function HouseIcon(props: IconProps) {
  return (
    <StrokeIcon {...props}>
      <path d="M3.5 11 12 4l8.5 7" />
      <path d="M5.5 9.5V20h13V9.5" />
      <path d="M10 20v-5h4v5" />
    </StrokeIcon>
  );
}

/** A phone: a gadget. */
export function GadgetIcon(props: IconProps) {
  return (
    <StrokeIcon {...props}>
      <rect x="6.5" y="2.5" width="11" height="19" rx="2.5" />
      <path d="M11 18.5h2" />
    </StrokeIcon>
  );
}

/** A mortarboard: education. */
export function EducationIcon(props: IconProps) {
  return (
    <StrokeIcon {...props}>
      <path d="m2.5 9 9.5-4.5L21.5 9 12 13.5 2.5 9Z" />
      <path d="M6.5 11v4.5c0 1.4 2.5 3 5.5 3s5.5-1.6 5.5-3V11" />
      <path d="M21.5 9v5" />
    </StrokeIcon>
  );
}

/** A heart: a wedding. */
export function HeartIcon(props: IconProps) {
  return (
    <StrokeIcon {...props}>
      <path d="M12 20s-7.5-4.6-7.5-10A4.3 4.3 0 0 1 12 7.2 4.3 4.3 0 0 1 19.5 10c0 5.4-7.5 10-7.5 10Z" />
    </StrokeIcon>
  );
}

/** A sparkle: anything else. */
export function SparkleIcon(props: IconProps) {
  return (
    <StrokeIcon {...props}>
      <path d="M12 3v4M12 17v4M3 12h4M17 12h4M6 6l2.5 2.5M15.5 15.5 18 18M6 18l2.5-2.5M15.5 8.5 18 6" />
    </StrokeIcon>
  );
}

/** A medal on its ribbon: the challenge's digital medals. */
export function MedalIcon(props: IconProps) {
  return (
    <StrokeIcon {...props}>
      <path d="M8 3h8l-2.5 6h-3L8 3Z" />
      <circle cx="12" cy="15" r="6" />
      <path d="m12 12 .9 1.9 2.1.3-1.5 1.4.4 2.1-1.9-1-1.9 1 .4-2.1-1.5-1.4 2.1-.3L12 12Z" />
    </StrokeIcon>
  );
}

/** A shield with a tick: the money is the user's alone. */
export function ShieldCheckIcon(props: IconProps) {
  return (
    <StrokeIcon {...props}>
      <path d="M12 3 4.5 6v5.5c0 4.4 3.2 8.2 7.5 9.5 4.3-1.3 7.5-5.1 7.5-9.5V6L12 3Z" />
      <path d="m9 12 2 2 4-4" />
    </StrokeIcon>
  );
}

type CategoryKind = 'vacation' | 'rent' | 'gadget' | 'education' | 'wedding' | 'other' | 'goal';

const categoryPatterns: readonly [RegExp, CategoryKind][] = [
  [/vacation|travel|holiday/i, 'vacation'],
  [/rent|house|home/i, 'rent'],
  [/gadget|phone|laptop/i, 'gadget'],
  [/education|school|fees/i, 'education'],
  [/wedding|marriage/i, 'wedding'],
  [/else|other/i, 'other'],
];

const categoryIcons: Record<CategoryKind, ComponentType<IconProps>> = {
  vacation: PlaneIcon,
  rent: HouseIcon,
  gadget: GadgetIcon,
  education: EducationIcon,
  wedding: HeartIcon,
  other: SparkleIcon,
  goal: TargetIcon,
};

/** The picture of a category, by its label; a target for any other. */
export function CategoryIcon({ label, className }: IconProps & { label: string }) {
  const kind = categoryPatterns.find(([pattern]) => pattern.test(label))?.[1] ?? 'goal';
  const Icon = categoryIcons[kind];
  return <Icon className={className} />;
}
