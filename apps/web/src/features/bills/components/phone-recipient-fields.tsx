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
    </>
  );
}
