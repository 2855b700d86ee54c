import { StrokeIcon, type IconProps } from '../../../components/ui/stroke-icon.tsx';

/** A padlock: money locked until its date (Fixed Savings). */
export function LockIcon(props: IconProps) {
  return (
    <StrokeIcon {...props}>
      <rect x="4" y="10" width="16" height="11" rx="2.5" />
      <path d="M8 10V7a4 4 0 0 1 8 0v3" />
      <path d="M12 14.5v2.5" />
    </StrokeIcon>
  );
}

/** Rings around a centre: a goal to reach (Target Savings). */
export function TargetIcon(props: IconProps) {
  return (
    <StrokeIcon {...props}>
      <circle cx="12" cy="12" r="9" />
      <circle cx="12" cy="12" r="5" />
      <circle cx="12" cy="12" r="1" />
    </StrokeIcon>
  );
}

/** A dollar sign in a coin (Dollar Investment). */
export function DollarIcon(props: IconProps) {
  return (
    <StrokeIcon {...props}>
      <circle cx="12" cy="12" r="9" />
      <path d="M15 9.2c-.5-1-1.6-1.7-3-1.7-1.8 0-3 .9-3 2.2 0 3.2 6 1.6 6 4.6 0 1.3-1.2 2.2-3 2.2-1.5 0-2.6-.7-3.1-1.8" />
      <path d="M12 6v1.5M12 16.5V18" />
    </StrokeIcon>
  );
}

/** An arrow to the right: the way into a product or a plan. */
export function ChevronRightIcon(props: IconProps) {
  return (
    <StrokeIcon {...props}>
      <path d="m9 6 6 6-6 6" />
    </StrokeIcon>
  );
}

export function ChevronLeftIcon(props: IconProps) {
  return (
    <StrokeIcon {...props}>
      <path d="m15 6-6 6 6 6" />
    </StrokeIcon>
  );
}

/** A line rising: interest earned. */
export function GrowthIcon(props: IconProps) {
  return (
    <StrokeIcon {...props}>
      <path d="M3 17l6-6 4 4 8-8" />
      <path d="M15 7h6v6" />
    </StrokeIcon>
  );
}

/** A calendar page: dates of the plan. */
export function CalendarIcon(props: IconProps) {
  return (
    <StrokeIcon {...props}>
      <rect x="3.5" y="5" width="17" height="15.5" rx="2.5" />
      <path d="M3.5 10h17M8 3v4M16 3v4" />
    </StrokeIcon>
  );
}
