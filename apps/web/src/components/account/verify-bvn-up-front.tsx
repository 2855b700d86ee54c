import { Link, useLocation } from 'react-router';
import { useAccountLevel } from '../../lib/account-level-query.ts';
import { BVN_PANEL_ID } from '../../lib/bvn-panel.ts';

/**
 * Above a form that pays from the wallet: an account whose BVN is not verified yet (tier 0) can
 * pay nothing from it. That is said before anything is typed, with the way to verify on this very
 * page (the BVN modal), rather than as a maximum of ₦0.00 under the amount or a refusal after it.
 * `action` ends "Verify your BVN before …", in the server's words ("paying bills").
 */
export function VerifyBvnUpFront({ action, className }: { action: string; className?: string }) {
  const level = useAccountLevel();
  const { pathname, search } = useLocation();
  if (level.data?.tier !== 0) return null;
  const params = new URLSearchParams(search);
  params.set('a', BVN_PANEL_ID);
  return (
    <div className={className}>
      <div
        role="status"
        data-testid="verify-bvn-first"
        className="rounded-xl border border-amber-200 bg-amber-50 px-4 py-3 text-sm leading-6 text-amber-900"
      >
        <p>Verify your BVN before {action} from your wallet.</p>
        <Link
          to={{ pathname, search: `?${params.toString()}` }}
          className="mt-1 inline-block font-semibold text-amber-900 underline underline-offset-2"
        >
          Verify your BVN
        </Link>
        <p className="mt-1 text-xs text-amber-800">
          It takes a minute, and it gives you an account number to fund your wallet.
        </p>
      </div>
    </div>
  );
}
