import { useEffect, useRef } from 'react';
import { NavLink, useParams } from 'react-router';
import { AccountLevelCard } from '../../../components/account/account-level-card.tsx';
import { Spinner } from '../../../components/ui/spinner.tsx';
import { classNames } from '../../../lib/class-names.ts';
import { useCurrentUser } from '../../../lib/current-user.ts';
import { PrivacySection } from '../components/privacy-section.tsx';
import { ProfileSection } from '../components/profile-section.tsx';
import { ReferralSection } from '../components/referral-section.tsx';
import { SecuritySection } from '../components/security-section.tsx';
import { TransactionPinSection } from '../components/transaction-pin-section.tsx';

const sections = [
  { path: 'profile', label: 'Profile' },
  { path: 'account-level', label: 'Account level' },
  { path: 'security', label: 'Security' },
  { path: 'pin', label: 'Transaction PIN' },
  { path: 'referral', label: 'Referral' },
  { path: 'privacy', label: 'Privacy' },
] as const;

type SectionPath = (typeof sections)[number]['path'];

const isSection = (value: string | undefined): value is SectionPath =>
  sections.some((section) => section.path === value);

/**
 * /settings/* — profile, account level, security (with devices and sessions), transaction PIN,
 * referral and privacy (download my data, close my account), one tab each; /settings opens the profile.
 */
export function SettingsPage() {
  const splat = useParams()['*']?.split('/')[0];
  const active: SectionPath = isSection(splat) ? splat : 'profile';
  const { data: user } = useCurrentUser();
  const tabList = useRef<HTMLUListElement>(null);
  // On a phone the tabs scroll sideways: bring the open one into the strip (never the page).
  useEffect(() => {
    const reveal = () => {
      const list = tabList.current;
      const tab = list?.querySelector<HTMLElement>('[aria-current="page"]');
      if (!list || !tab) return;
      const strip = list.getBoundingClientRect();
      const shown = tab.getBoundingClientRect();
      if (shown.right > strip.right) list.scrollLeft += shown.right - strip.right;
      else if (shown.left < strip.left) list.scrollLeft -= strip.left - shown.left;
    };
    reveal();
    window.addEventListener('resize', reveal);
    return () => {
      window.removeEventListener('resize', reveal);
    };
  }, [active]);

  return (
    <div className="mx-auto w-full max-w-3xl py-6 sm:px-6 lg:py-10">
      <title>Settings · Ajo</title>
      {/* The top bar holds the page heading ("Settings"). */}
      <nav aria-label="Settings sections" className="border-b border-slate-200">
        <ul ref={tabList} className="-mb-px flex gap-4 overflow-x-auto sm:gap-6">
          {sections.map((section) => (
            <li key={section.path}>
              <NavLink
                to={`/settings/${section.path}`}
                aria-current={active === section.path ? 'page' : undefined}
                className={classNames(
                  'inline-block border-b-2 pb-3 text-sm font-semibold whitespace-nowrap transition-colors',
                  active === section.path
                    ? 'border-brand-600 text-brand-700'
                    : 'border-transparent text-slate-500 hover:text-slate-800',
                )}
              >
                {section.label}
              </NavLink>
            </li>
          ))}
        </ul>
      </nav>
      <div className="mt-8">
        {!user ? (
          <Spinner label="Loading your settings" className="size-6" />
        ) : active === 'profile' ? (
          <ProfileSection user={user} />
        ) : active === 'account-level' ? (
          <AccountLevelCard />
        ) : active === 'security' ? (
          <SecuritySection />
        ) : active === 'pin' ? (
          <TransactionPinSection />
        ) : active === 'privacy' ? (
          <PrivacySection />
        ) : (
          <ReferralSection user={user} />
        )}
      </div>
    </div>
  );
}
