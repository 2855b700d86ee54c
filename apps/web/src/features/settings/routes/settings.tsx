import { NavLink, useParams } from 'react-router';
import { AccountLevelCard } from '../../../components/account/account-level-card.tsx';
import { Spinner } from '../../../components/ui/spinner.tsx';
import { classNames } from '../../../lib/class-names.ts';
import { useCurrentUser } from '../../../lib/current-user.ts';
import { ProfileSection } from '../components/profile-section.tsx';
import { ReferralSection } from '../components/referral-section.tsx';
import { SecuritySection } from '../components/security-section.tsx';

const sections = [
  { path: 'profile', label: 'Profile' },
  { path: 'account-level', label: 'Account level' },
  { path: 'security', label: 'Security' },
  { path: 'referral', label: 'Referral' },
] as const;

type SectionPath = (typeof sections)[number]['path'];

const isSection = (value: string | undefined): value is SectionPath =>
  sections.some((section) => section.path === value);

/**
 * /settings/* — profile, account level, security and referral, one tab each; /settings opens the
 * profile.
 */
export function SettingsPage() {
  const splat = useParams()['*']?.split('/')[0];
  const active: SectionPath = isSection(splat) ? splat : 'profile';
  const { data: user } = useCurrentUser();

  return (
    <div className="mx-auto w-full max-w-3xl py-6 sm:px-6 lg:py-10">
      <title>Settings · Ajo</title>
      {/* The top bar holds the page heading ("Settings"). */}
      <nav aria-label="Settings sections" className="border-b border-slate-200">
        <ul className="-mb-px flex gap-4 sm:gap-6">
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
        ) : (
          <ReferralSection user={user} />
        )}
      </div>
    </div>
  );
}
