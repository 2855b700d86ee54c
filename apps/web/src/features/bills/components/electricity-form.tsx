import { useState } from 'react';
import type { MeterType } from '@ajo/contracts/bills';
import { useVerifiedBillForm } from '../hooks/use-verified-bill-form.ts';
import type { BillFormProps } from './airtime-form.tsx';
import { BillerPicker } from './biller-picker.tsx';
import { MeterTypeToggle } from './meter-type-toggle.tsx';
import { RecentRecipients } from './recent-recipients.tsx';
import { CustomerNumberField, VerifyOrAmountStep } from './verified-bill-steps.tsx';

const ELECTRICITY_PRESETS_NAIRA = [2_000, 5_000, 10_000, 20_000] as const;
const METER_RULE = {
  pattern: /^\d{6,20}$/,
  dropped: /\D/g,
  message: 'Enter the meter number: 6 to 20 digits',
};

/**
 * Electricity: a DisCo, prepaid or postpaid, the meter number, then Verify shows whose meter it
 * is and where before any amount is asked for. Changing the DisCo, type or number asks to verify
 * again. A prepaid payment's receipt carries the token.
 */
export function ElectricityForm({ onContinue }: BillFormProps) {
  const [meterType, setMeterType] = useState<MeterType>('prepaid');
  const form = useVerifiedBillForm(4, METER_RULE, meterType);

  return (
    <form
      noValidate
      aria-label="Pay for electricity"
      className="space-y-6"
      onSubmit={(event) => {
        event.preventDefault();
        form.submit(({ biller, customer, amountMinor, quote }) => {
          onContinue(
            {
              kind: 'electricity',
              biller,
              meterNumber: form.customerId.trim(),
              meterType,
              customer,
              amountMinor,
            },
            quote,
          );
        });
      }}
    >
      <RecentRecipients
        type={4}
        billers={form.billers.data}
        onPick={(picked) => {
          const pickedType = picked.meter_type ?? 'prepaid';
          setMeterType(pickedType);
          form.fill({
            billerId: picked.biller_id,
            customerId: picked.customer_id,
            meterType: pickedType,
          });
        }}
      />
      <BillerPicker
        legend="Electricity company"
        layout="list"
        billers={form.billers}
        selectedId={form.biller?.id}
        onSelect={(chosen) => {
          form.pickBiller(chosen.id);
        }}
      />
      <MeterTypeToggle value={meterType} onChange={setMeterType} />
      <CustomerNumberField
        form={form}
        label="Meter number"
        inputMode="numeric"
        placeholder="e.g. 45031234567"
        maxLength={20}
        hint="We check the meter with your DisCo before you pay."
        what="Meter"
        withAddress
      />
      <VerifyOrAmountStep
        form={form}
        presetsNaira={ELECTRICITY_PRESETS_NAIRA}
        fallbackHint="A ₦100 service fee applies."
        verifyLabel="Verify meter"
      />
    </form>
  );
}
