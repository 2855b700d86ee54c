import { BadgeCheckIcon } from './bill-icons.tsx';

/** The biller's answer: whose meter or account this is, and where the meter is. */
export function VerifiedCustomer({
  name,
  address,
  what,
}: {
  name: string;
  address: string | null;
  /** "Meter" or "Account": what was verified. */
  what: string;
}) {
  return (
    <div
      className="flex items-start gap-3 rounded-2xl bg-emerald-50 px-4 py-3.5 ring-1 ring-emerald-600/15"
      role="status"
      data-testid="verified-customer"
    >
      <BadgeCheckIcon className="mt-0.5 size-5 shrink-0 text-emerald-700" />
      <div className="min-w-0 text-sm">
        <p className="text-xs font-semibold tracking-wide text-emerald-800 uppercase">
          {what} verified
        </p>
        <p className="mt-0.5 font-semibold wrap-anywhere text-slate-900">{name}</p>
        {address === null ? null : <p className="mt-0.5 wrap-anywhere text-slate-600">{address}</p>}
      </div>
    </div>
  );
}
