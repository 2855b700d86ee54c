import type { User } from '@ajo/contracts/auth';
import { toast } from '../../../components/ui/toast.ts';
import { Button } from '../../../components/ui/button.tsx';
import { EmptyState } from '../../../components/ui/empty-state.tsx';
import { Spinner } from '../../../components/ui/spinner.tsx';
import { formatLagosDate } from '../../../lib/dates.ts';
import { useReferrals } from '../api/get-referrals.ts';

async function copyText(text: string, what: string) {
  try {
    await navigator.clipboard.writeText(text);
    toast.success(`${what} copied`);
  } catch {
    toast.error(`Could not copy the ${what.toLowerCase()}; select it and copy it instead`);
  }
}

export function ReferralSection({ user }: { user: User }) {
  const referrals = useReferrals();
  const shareLink = `${window.location.origin}/register?ref=${encodeURIComponent(user.referral_code)}`;

  return (
    <div className="space-y-8">
      <section aria-labelledby="referral-heading" className="space-y-4">
        <div>
          <h2 id="referral-heading" className="text-lg font-semibold text-slate-900">
            Your referral code
          </h2>
          <p className="mt-1 text-sm text-slate-600">
            Friends who sign up with your link have your code filled in for them.
          </p>
        </div>
        <div className="flex flex-wrap items-center gap-3 rounded-2xl border border-brand-100 bg-brand-50 p-4">
          <p
            className="font-mono text-2xl font-bold tracking-widest text-brand-800"
            data-testid="referral-code"
          >
            {user.referral_code}
          </p>
          <Button
            variant="secondary"
            size="sm"
            onClick={() => void copyText(user.referral_code, 'Referral code')}
          >
            Copy code
          </Button>
        </div>
        <div className="space-y-2">
          <p className="text-sm font-medium text-slate-700">Share link</p>
          <div className="flex flex-col gap-2 sm:flex-row">
            <p className="min-w-0 flex-1 truncate rounded-xl bg-slate-100 px-3.5 py-2.5 text-sm text-slate-700">
              {shareLink}
            </p>
            <Button variant="secondary" size="sm" onClick={() => void copyText(shareLink, 'Link')}>
              Copy link
            </Button>
          </div>
        </div>
      </section>

      <section aria-labelledby="referrals-heading" className="space-y-3">
        <h2 id="referrals-heading" className="text-lg font-semibold text-slate-900">
          People you referred
        </h2>
        {referrals.isPending ? (
          <Spinner label="Loading referrals" className="size-6" />
        ) : referrals.isError ? (
          <p className="text-sm text-red-700">We could not load your referrals. Try again later.</p>
        ) : referrals.data.items.length === 0 ? (
          <EmptyState
            headingLevel={3}
            title="No referrals yet"
            description="Share your link; people who join with it will show up here."
          />
        ) : (
          <ul className="divide-y divide-slate-100 rounded-2xl border border-slate-200 bg-white">
            {referrals.data.items.map((referral, index) => (
              <li
                key={`${referral.first_name}-${referral.joined_at}-${String(index)}`}
                className="flex items-center justify-between px-4 py-3 text-sm"
              >
                <span className="font-medium text-slate-900">{referral.first_name}</span>
                <span className="text-slate-500">Joined {formatLagosDate(referral.joined_at)}</span>
              </li>
            ))}
          </ul>
        )}
      </section>
    </div>
  );
}
