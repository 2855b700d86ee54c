import { PhoneField } from '../../../components/ui/phone-field.tsx';
import type { usePhoneRecipient } from '../hooks/use-phone-recipient.ts';
import { BillerPicker, type BillersRead } from './biller-picker.tsx';

/** Network tiles and the phone box of airtime and data, kept in step by `usePhoneRecipient`. */
export function PhoneRecipientFields({
  recipient,
  billers,
}: {
  recipient: ReturnType<typeof usePhoneRecipient>;
  billers: BillersRead;
}) {
  const network =
    recipient.detected !== undefined && recipient.phoneError === undefined
      ? recipient.detected.short_name
      : undefined;
  const hint = recipient.isOwnNumber
    ? `Your ${network ?? 'own'} number. Change it to buy for someone else.`
    : network === undefined
      ? undefined
      : `${network} number`;
  return (
    <>
      <BillerPicker
        legend="Network"
        layout="tiles"
        billers={billers}
        selectedId={recipient.biller?.id}
        onSelect={(biller) => {
          recipient.pickNetwork(biller.id);
        }}
      />
      <PhoneField
        label="Phone number"
        placeholder="803 123 4567"
        value={recipient.phone}
        onChange={(event) => {
          recipient.setPhone(event.target.value);
        }}
        onBlur={recipient.touch}
        error={recipient.phoneError}
        hint={hint}
      />
      {recipient.mayBePorted && recipient.biller ? (
        <label className="flex cursor-pointer items-start gap-3 rounded-xl bg-slate-50 p-3.5 text-sm leading-6 text-slate-700 ring-1 ring-slate-200 ring-inset">
          <input
            type="checkbox"
            checked={recipient.ported}
            onChange={(event) => {
              recipient.setPorted(event.target.checked);
            }}
            className="mt-1 size-4 shrink-0 accent-brand-600"
          />
          <span>
            This number was moved to {recipient.biller.short_name} (it keeps its old prefix)
          </span>
        </label>
      ) : null}
    </>
  );
}
