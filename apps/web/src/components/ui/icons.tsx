import { StrokeIcon, type IconProps } from './stroke-icon.tsx';

export { AlertIcon } from './alert-icon.tsx';
export { StrokeIcon, type IconProps } from './stroke-icon.tsx';

export function HomeIcon(props: IconProps) {
  return (
    <StrokeIcon {...props}>
      <path d="M3 10.5 12 3l9 7.5" />
      <path d="M5 9v12h5v-6h4v6h5V9" />
    </StrokeIcon>
  );
}

export function WalletIcon(props: IconProps) {
  return (
    <StrokeIcon {...props}>
      <path d="M6 6V5a2 2 0 0 1 2-2h10" />
      <rect x="3" y="6" width="18" height="14" rx="3" />
      <path d="M16 13h2" />
    </StrokeIcon>
  );
}

export function CommoditiesIcon(props: IconProps) {
  return (
    <StrokeIcon {...props}>
      <path d="M5 19C5 11 11 5 19 5c0 8-6 14-14 14Z" />
      <path d="m5 19 8-8" />
    </StrokeIcon>
  );
}

export function FixedIncomeIcon(props: IconProps) {
  return (
    <StrokeIcon {...props}>
      <path d="M4 20h16" />
      <path d="M7 16v-4" />
      <path d="M12 16V8" />
      <path d="M17 16V5" />
    </StrokeIcon>
  );
}

export function SavingsIcon(props: IconProps) {
  return (
    <StrokeIcon {...props}>
      <ellipse cx="12" cy="6" rx="7" ry="3" />
      <path d="M5 6v6c0 1.7 3.1 3 7 3s7-1.3 7-3V6" />
      <path d="M5 12v6c0 1.7 3.1 3 7 3s7-1.3 7-3v-6" />
    </StrokeIcon>
  );
}

export function RealEstateIcon(props: IconProps) {
  return (
    <StrokeIcon {...props}>
      <path d="M3 21h18" />
      <path d="M5 21V7l7-4 7 4v14" />
      <path d="M10 21v-5h4v5" />
      <path d="M9 10h.01M15 10h.01" />
    </StrokeIcon>
  );
}

export function CardIcon(props: IconProps) {
  return (
    <StrokeIcon {...props}>
      <rect x="2.5" y="5" width="19" height="14" rx="2.5" />
      <path d="M2.5 10h19" />
      <path d="M6.5 15h4" />
    </StrokeIcon>
  );
}

export function BillsIcon(props: IconProps) {
  return (
    <StrokeIcon {...props}>
      <path d="M6 3h12v18l-3-2-3 2-3-2-3 2V3Z" />
      <path d="M9 8h6M9 12h6" />
    </StrokeIcon>
  );
}

export function SettingsIcon(props: IconProps) {
  return (
    <StrokeIcon {...props}>
      <path d="M4 6h10M18 6h2M4 12h4M12 12h8M4 18h12M20 18h0" />
      <circle cx="16" cy="6" r="2" />
      <circle cx="10" cy="12" r="2" />
      <circle cx="18" cy="18" r="2" />
    </StrokeIcon>
  );
}

export function LogoutIcon(props: IconProps) {
  return (
    <StrokeIcon {...props}>
      <path d="M9 4H6a2 2 0 0 0-2 2v12a2 2 0 0 0 2 2h3" />
      <path d="m16 8 4 4-4 4" />
      <path d="M20 12H10" />
    </StrokeIcon>
  );
}

export function ClockIcon(props: IconProps) {
  return (
    <StrokeIcon {...props}>
      <circle cx="12" cy="12" r="9" />
      <path d="M12 7v5l3 2" />
    </StrokeIcon>
  );
}

export function BellIcon(props: IconProps) {
  return (
    <StrokeIcon {...props}>
      <path d="M6 16V11a6 6 0 1 1 12 0v5l1.5 2h-15L6 16Z" />
      <path d="M10 20.5a2 2 0 0 0 4 0" />
    </StrokeIcon>
  );
}

export function MenuIcon(props: IconProps) {
  return (
    <StrokeIcon {...props}>
      <path d="M4 6h16M4 12h16M4 18h16" />
    </StrokeIcon>
  );
}

export function CloseIcon(props: IconProps) {
  return (
    <StrokeIcon {...props}>
      <path d="M6 6l12 12M18 6 6 18" />
    </StrokeIcon>
  );
}

/** Asks again: Try again on a read that failed, Check again on a payment. */
export function RefreshIcon(props: IconProps) {
  return (
    <StrokeIcon {...props}>
      <path d="M20 11a8 8 0 0 0-14.6-4.5L4 8" />
      <path d="M4 4v4h4" />
      <path d="M4 13a8 8 0 0 0 14.6 4.5L20 16" />
      <path d="M20 20v-4h-4" />
    </StrokeIcon>
  );
}
