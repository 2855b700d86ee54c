import { StrokeIcon, type IconProps } from '../../../components/ui/stroke-icon.tsx';

/** A snowflake: the card is frozen. */
export function SnowflakeIcon(props: IconProps) {
  return (
    <StrokeIcon {...props}>
      <path d="M12 2v20M4.9 7l14.2 10M4.9 17 19.1 7" />
      <path d="m9.5 3.5 2.5 2 2.5-2M9.5 20.5l2.5-2 2.5 2M3.6 10.2l3 .8-.9 3M20.4 13.8l-3-.8.9-3M3.6 13.8l3-.8-.9-3M20.4 10.2l-3 .8.9 3" />
    </StrokeIcon>
  );
}

/** An open eye: show the card's details. */
export function EyeIcon(props: IconProps) {
  return (
    <StrokeIcon {...props}>
      <path d="M2.5 12S6 5.5 12 5.5 21.5 12 21.5 12 18 18.5 12 18.5 2.5 12 2.5 12Z" />
      <circle cx="12" cy="12" r="3" />
    </StrokeIcon>
  );
}

/** A struck-out eye: hide the card's details. */
export function EyeOffIcon(props: IconProps) {
  return (
    <StrokeIcon {...props}>
      <path d="M10.6 5.6A9.7 9.7 0 0 1 12 5.5c6 0 9.5 6.5 9.5 6.5a17 17 0 0 1-2.7 3.4M6.6 6.6C3.9 8.3 2.5 12 2.5 12S6 18.5 12 18.5c1.9 0 3.5-.6 4.9-1.5" />
      <path d="M9.9 9.9a3 3 0 0 0 4.2 4.2M3 3l18 18" />
    </StrokeIcon>
  );
}

/** An arrow into a card: put money on it. */
export function ArrowIntoIcon(props: IconProps) {
  return (
    <StrokeIcon {...props}>
      <path d="M12 4v11m0 0 4.5-4.5M12 15l-4.5-4.5M5 20h14" />
    </StrokeIcon>
  );
}

/** An arrow out of a card: take money off it. */
export function ArrowOutIcon(props: IconProps) {
  return (
    <StrokeIcon {...props}>
      <path d="M12 15V4m0 0 4.5 4.5M12 4 7.5 8.5M5 20h14" />
    </StrokeIcon>
  );
}

/** A globe: pay anywhere online. */
export function GlobeIcon(props: IconProps) {
  return (
    <StrokeIcon {...props}>
      <circle cx="12" cy="12" r="9" />
      <path d="M3 12h18M12 3c2.5 2.6 3.8 5.6 3.8 9s-1.3 6.4-3.8 9c-2.5-2.6-3.8-5.6-3.8-9S9.5 5.6 12 3Z" />
    </StrokeIcon>
  );
}

/** A bin: close the card for good. */
export function TrashIcon(props: IconProps) {
  return (
    <StrokeIcon {...props}>
      <path d="M4 7h16M10 11v6M14 11v6M5.5 7l1 12.5A1.5 1.5 0 0 0 8 21h8a1.5 1.5 0 0 0 1.5-1.5l1-12.5M9 7V4.5A1.5 1.5 0 0 1 10.5 3h3A1.5 1.5 0 0 1 15 4.5V7" />
    </StrokeIcon>
  );
}
