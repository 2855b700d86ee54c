import { useState } from 'react';
import type { MeterType } from '@ajo/contracts/bills';
import { Button } from '../../../components/ui/button.tsx';
import { TextField } from '../../../components/ui/text-field.tsx';
import { useBillers } from '../api/get-billers.ts';
import { useCustomerVerification } from '../hooks/use-customer-verification.ts';
import { useQuotedBillAmount } from '../hooks/use-quoted-bill-amount.ts';
import type { BillFormProps } from './airtime-form.tsx';
import { AmountStep } from './amount-step.tsx';
import { BillerPicker } from './biller-picker.tsx';
import { MeterTypeToggle } from './meter-type-toggle.tsx';
import { RecentRecipients } from './recent-recipients.tsx';
import { VerifiedCustomer } from './verified-customer.tsx';

const ELECTRICITY_PRESETS_NAIRA = [2_000, 5_000, 10_000, 20_000] as const;
const METER_PATTERN = /^\d{6,20}$/;

/**
 * Electricity: a DisCo, prepaid or postpaid, the meter number, then Verify shows whose meter it
 * is and where before any amount is asked for. Changing the DisCo, type or number asks to verify
 * again. A prepaid payment's receipt carries the token.
 */
export function ElectricityForm({ onContinue }: BillFormProps) {
  const billers = useBillers(4);
  const [billerId, setBillerId] = useState<string | undefined>(undefined);
  const biller = billers.data?.find((candidate) => candidate.id === billerId) ?? billers.data?.[0];
  const [meterType, setMeterType] = useState<MeterType>('prepaid');
  const [meterNumber, setMeterNumber] = useState('');
  const [meterTouched, setMeterTouched] = useState(false);
  const meterIsValid = METER_PATTERN.test(meterNumber.trim());
  const verification = useCustomerVerification(
    4,
    biller ? { billerId: biller.id, customerId: meterNumber, meterType } : undefined,
  );
  const quoted = useQuotedBillAmount(4);
  const { customer } = verification;

  const meterError =
    meterTouched && !meterIsValid ? 'Enter the meter number: 6 to 20 digits' : verification.error;

  return (
    <form
      noValidate
      aria-label="Pay for electricity"
      className="space-y-6"
      onSubmit={(event) => {
        event.preventDefault();
        setMeterTouched(true);
        if (!biller || !meterIsValid) return;
        if (!customer) {
          verification.start({ billerId: biller.id, customerId: meterNumber, meterType });
          return;
        }
        const quote = quoted.currentQuote;
        if (!quote || quoted.amountMinor === null) return;
        onContinue(
          {
            kind: 'electricity',
            biller,
            meterNumber: meterNumber.trim(),
            meterType,
            customer,
            amountMinor: quoted.amountMinor,
          },
          quote,
        );
      }}
    >
      <RecentRecipients
        type={4}
        billers={billers.data}
        onPick={(picked) => {
          const pickedType = picked.meter_type ?? 'prepaid';
          setBillerId(picked.biller_id);
          setMeterType(pickedType);
          setMeterNumber(picked.customer_id);
          verification.start({
            billerId: picked.biller_id,
            customerId: picked.customer_id,
            meterType: pickedType,
          });
        }}
      />
      <BillerPicker
        legend="Electricity company"
        layout="list"
        billers={billers.data}
        isPending={billers.isPending}
        error={billers.error}
        onRetry={() => {
          void billers.refetch();
        }}
        selectedId={biller?.id}
        onSelect={(chosen) => {
          setBillerId(chosen.id);
        }}
      />
      <MeterTypeToggle value={meterType} onChange={setMeterType} />
      <div className="space-y-3">
        <TextField
          label="Meter number"
          inputMode="numeric"
          autoComplete="off"
          placeholder="e.g. 45031234567"
          maxLength={20}
          value={meterNumber}
          onChange={(event) => {
            setMeterNumber(event.target.value.replace(/\D/g, ''));
          }}
          onBlur={() => {
            if (meterNumber !== '') setMeterTouched(true);
          }}
          error={meterError}
          hint={customer ? undefined : 'We check the meter with your DisCo before you pay.'}
        />
        {customer ? (
          <VerifiedCustomer name={customer.name} address={customer.address} what="Meter" />
        ) : null}
      </div>
      {customer ? (
        <AmountStep
          quoted={quoted}
          presetsNaira={ELECTRICITY_PRESETS_NAIRA}
          ready
          fallbackHint="A ₦100 service fee applies."
        />
      ) : (
        <Button
          type="submit"
          size="lg"
          className="w-full"
          isLoading={verification.isVerifying}
          disabled={biller === undefined}
        >
          Verify meter
        </Button>
      )}
    </form>
  );
}
