import { StrokeIcon, type IconProps } from '../../../components/ui/icons.tsx';

export function PhoneIcon(props: IconProps) {
  return (
    <StrokeIcon {...props}>
      <rect x="6.5" y="2.5" width="11" height="19" rx="2.5" />
      <path d="M10.5 18.5h3" />
    </StrokeIcon>
  );
}

export function DataIcon(props: IconProps) {
  return (
    <StrokeIcon {...props}>
      <path d="M2.5 9a14 14 0 0 1 19 0" />
      <path d="M5.5 12.5a9.5 9.5 0 0 1 13 0" />
      <path d="M8.7 16a5 5 0 0 1 6.6 0" />
      <circle cx="12" cy="19.3" r="0.6" fill="currentColor" />
    </StrokeIcon>
  );
}

export function BoltIcon(props: IconProps) {
  return (
    <StrokeIcon {...props}>
      <path d="M13 2.5 4.5 13.5H12l-1 8 8.5-11H12l1-8Z" />
    </StrokeIcon>
  );
}

export function TrophyIcon(props: IconProps) {
  return (
    <StrokeIcon {...props}>
      <path d="M8 4h8v5a4 4 0 0 1-8 0V4Z" />
      <path d="M8 6H5a2.5 2.5 0 0 0 3 4M16 6h3a2.5 2.5 0 0 1-3 4" />
      <path d="M12 13v4M8.5 20.5h7M9.5 17h5l.5 3.5h-6l.5-3.5Z" />
    </StrokeIcon>
  );
}

export function BadgeCheckIcon(props: IconProps) {
  return (
    <StrokeIcon {...props}>
      <path d="M12 2.8 14.3 4.5l2.8-.1.9 2.7 2.3 1.6-.9 2.7.9 2.7-2.3 1.6-.9 2.7-2.8-.1L12 21.2l-2.3-1.7-2.8.1-.9-2.7-2.3-1.6.9-2.7-.9-2.7 2.3-1.6.9-2.7 2.8.1L12 2.8Z" />
      <path d="m8.8 12.2 2.2 2.2 4.3-4.6" />
    </StrokeIcon>
  );
}

export function ReceiptIcon(props: IconProps) {
  return (
    <StrokeIcon {...props}>
      <path d="M6 3h12v18l-3-2-3 2-3-2-3 2V3Z" />
      <path d="M9 8h6M9 12h6M9 16h3" />
    </StrokeIcon>
  );
}
