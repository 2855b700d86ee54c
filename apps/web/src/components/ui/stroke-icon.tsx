import type { ReactNode } from 'react';

export interface IconProps {
  className?: string;
}

/** The app's line-icon style; feature icons draw their paths inside it. */
export function StrokeIcon({
  className = 'size-5',
  children,
}: IconProps & { children: ReactNode }) {
  return (
    <svg
      className={className}
      viewBox="0 0 24 24"
      fill="none"
      stroke="currentColor"
      strokeWidth="1.8"
      strokeLinecap="round"
      strokeLinejoin="round"
      aria-hidden="true"
    >
      {children}
    </svg>
  );
}
