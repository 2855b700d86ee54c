import { StrokeIcon, type IconProps } from './stroke-icon.tsx';

/** In its own module: the public pages' error banner needs it, and not the rest of the set. */
export function AlertIcon(props: IconProps) {
  return (
    <StrokeIcon {...props}>
      <path d="M12 3 2.5 20h19L12 3Z" />
      <path d="M12 10v4M12 17h.01" />
    </StrokeIcon>
  );
}
