import type { ComponentType } from 'react';
import {
  BillsIcon,
  CardIcon,
  CommoditiesIcon,
  FixedIncomeIcon,
  HomeIcon,
  RealEstateIcon,
  SavingsIcon,
  WalletIcon,
} from '../../components/ui/icons.tsx';

export interface NavEntry {
  label: string;
  to: string;
  icon: ComponentType<{ className?: string }>;
  isActive: (pathname: string) => boolean;
  /**
   * The section is not built yet (its route shows the placeholder page): the entry carries a
   * "Soon" badge. Remove the flag in the change that ships the section.
   */
  soon?: true;
}

function startsWithSegment(base: string) {
  return (pathname: string) => pathname === base || pathname.startsWith(`${base}/`);
}

/** Commodities and Savings Plans stay highlighted on every path containing their route. */
function containsRoute(route: string) {
  return (pathname: string) => pathname.includes(route);
}

export const navEntries: NavEntry[] = [
  { label: 'Home', to: '/', icon: HomeIcon, isActive: (pathname) => pathname === '/' },
  { label: 'Wallet', to: '/wallet', icon: WalletIcon, isActive: startsWithSegment('/wallet') },
  {
    label: 'Commodities',
    to: '/commodities',
    icon: CommoditiesIcon,
    isActive: containsRoute('/commodities'),
  },
  {
    label: 'Fixed Income',
    to: '/fixed-income',
    icon: FixedIncomeIcon,
    isActive: startsWithSegment('/fixed-income'),
  },
  {
    label: 'Savings Plans',
    to: '/savings',
    icon: SavingsIcon,
    isActive: containsRoute('/savings'),
  },
  {
    label: 'Real Estate',
    to: '/real-estate',
    icon: RealEstateIcon,
    isActive: startsWithSegment('/real-estate'),
  },
  {
    label: 'Virtual Dollar Card',
    to: '/dollar-cards',
    icon: CardIcon,
    isActive: startsWithSegment('/dollar-cards'),
  },
  {
    label: 'Bills Payment',
    to: '/bills-payment',
    icon: BillsIcon,
    isActive: startsWithSegment('/bills-payment'),
  },
];
