import { groupToken } from '../utils/bill-display.ts';
import { BoltIcon } from './bill-icons.tsx';
import { CopyButton } from '../../../components/ui/copy-button.tsx';

/** A prepaid token, large and grouped for keying into the meter, with its units and a copy button. */
export function TokenCard({ token, units }: { token: string; units: string | null }) {
  return (
    <div className="rounded-2xl bg-gradient-to-br from-brand-700 to-brand-900 p-4 text-white shadow-sm sm:p-5">
      <div className="flex items-center justify-between gap-3">
        <p className="flex items-center gap-1.5 text-xs font-semibold tracking-wide text-brand-100 uppercase">
          <BoltIcon className="size-4 text-sun-300" />
          Electricity token
        </p>
        {units === null ? null : (
          <p
            className="rounded-full bg-white/15 px-2.5 py-0.5 text-xs font-semibold tabular-nums"
            data-testid="electricity-units"
          >
            {units}
          </p>
        )}
      </div>
      <p
        className="mt-3 font-mono text-lg font-semibold tabular-nums wrap-anywhere sm:text-xl"
        data-testid="electricity-token"
      >
        {groupToken(token)}
      </p>
      <CopyButton
        value={token.replace(/[\s-]/g, '')}
        what="token"
        label="Copy token"
        variant="secondary"
        className="mt-4 w-full"
      />
    </div>
  );
}
