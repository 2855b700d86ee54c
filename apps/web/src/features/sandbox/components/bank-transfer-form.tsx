import { useEffect, useState } from 'react';
import { zodResolver } from '@hookform/resolvers/zod';
import { Controller, useForm } from 'react-hook-form';
import { z } from 'zod';
import { sandboxTransferBodySchema } from '@ajo/contracts/sandbox';
import { currencyInputToMinor } from '@ajo/money/currency-input';
import { formatMinorAsDecimal, formatMoney } from '@ajo/money/format';
import { Button } from '../../../components/ui/button.tsx';
import { FormErrorBanner } from '../../../components/ui/form-error-banner.tsx';
import { TextField } from '../../../components/ui/text-field.tsx';
import { AmountInput } from '../../../components/wallet/amount-input.tsx';
import { classNames } from '../../../lib/class-names.ts';
import { useCurrentUser } from '../../../lib/current-user.ts';
import { useVirtualAccount } from '../../../lib/virtual-account-query.ts';
import { useSendSandboxTransfer } from '../api/send-sandbox-transfer.ts';

/** The contract's rules for each field; the amount box holds currency-input text. */
const transferFormSchema = z.object({
  account_number: sandboxTransferBodySchema.shape.account_number,
  amount: z
    .string()
    .refine((text) => (currencyInputToMinor(text) ?? 0n) > 0n, 'Enter an amount greater than ₦0'),
  sender_name: sandboxTransferBodySchema.shape.sender_name,
  reference: z.union([z.literal(''), sandboxTransferBodySchema.shape.reference.unwrap()]),
});

type TransferForm = z.input<typeof transferFormSchema>;

interface SentTransfer {
  reference: string;
  webhookStatus: number;
  accountNumber: string;
  amountMinor: bigint;
  senderName: string;
}

function isDelivered(webhookStatus: number): boolean {
  return webhookStatus >= 200 && webhookStatus < 300;
}

function SentTransfers({
  transfers,
  onResend,
}: {
  transfers: readonly SentTransfer[];
  onResend: (transfer: SentTransfer) => void;
}) {
  if (transfers.length === 0) return null;
  return (
    <div className="mt-6 border-t border-slate-100 pt-5">
      <h3 className="text-sm font-semibold text-slate-900">Sent in this session</h3>
      <ul className="mt-3 space-y-3" aria-live="polite">
        {transfers.map((transfer, index) => (
          <li
            // The same reference can be sent more than once, so the position joins the key.
            key={`${transfer.reference}-${String(transfers.length - index)}`}
            className="rounded-xl bg-slate-50 px-4 py-3 text-sm"
            data-testid="sent-transfer"
          >
            <div className="flex flex-wrap items-center justify-between gap-2">
              <p className="font-semibold text-slate-900 tabular-nums">
                {formatMoney(transfer.amountMinor, 'NGN')} to {transfer.accountNumber}
              </p>
              <span
                className={classNames(
                  'rounded-full px-2 py-0.5 text-xs font-semibold ring-1 ring-inset',
                  isDelivered(transfer.webhookStatus)
                    ? 'bg-emerald-50 text-emerald-800 ring-emerald-600/20'
                    : 'bg-amber-50 text-amber-800 ring-amber-600/25',
                )}
              >
                Webhook status {transfer.webhookStatus}
              </span>
            </div>
            <p className="mt-1 text-slate-600">
              Reference <span className="font-mono text-xs break-all">{transfer.reference}</span>
            </p>
            <button
              type="button"
              onClick={() => {
                onResend(transfer);
              }}
              className="mt-2 rounded text-xs font-semibold text-brand-700 hover:underline"
            >
              Send again with this reference
            </button>
          </li>
        ))}
      </ul>
    </div>
  );
}

/**
 * Sandbox only: sends money to a sandbox account number through the same signed webhook the
 * bank partner would call. For a signed-in visitor the number starts as their own account's.
 */
export function BankTransferForm() {
  const { data: user } = useCurrentUser();
  const account = useVirtualAccount({ enabled: Boolean(user) });
  const send = useSendSandboxTransfer();
  const [sent, setSent] = useState<SentTransfer[]>([]);
  const { control, register, handleSubmit, formState, setValue, getFieldState } = useForm<
    TransferForm,
    unknown,
    z.output<typeof transferFormSchema>
  >({
    resolver: zodResolver(transferFormSchema),
    mode: 'onTouched',
    defaultValues: { account_number: '', amount: '', sender_name: '', reference: '' },
  });

  const ownAccountNumber = user ? account.data?.account_number : undefined;
  useEffect(() => {
    if (ownAccountNumber && !getFieldState('account_number').isDirty) {
      setValue('account_number', ownAccountNumber);
    }
  }, [ownAccountNumber, getFieldState, setValue]);

  const onSubmit = handleSubmit((values) => {
    const amountMinor = currencyInputToMinor(values.amount) ?? 0n;
    const transfer = {
      accountNumber: values.account_number,
      amountMinor,
      senderName: values.sender_name,
      reference: values.reference === '' ? undefined : values.reference,
    };
    send.mutate(transfer, {
      onSuccess: (result) => {
        setSent((current) => [
          {
            reference: result.reference,
            webhookStatus: result.webhook_status,
            accountNumber: transfer.accountNumber,
            amountMinor,
            senderName: transfer.senderName,
          },
          ...current,
        ]);
      },
    });
  });

  const resend = (transfer: SentTransfer) => {
    const options = { shouldDirty: true, shouldValidate: true };
    setValue('account_number', transfer.accountNumber, options);
    setValue('amount', formatMinorAsDecimal(transfer.amountMinor), options);
    setValue('sender_name', transfer.senderName, options);
    setValue('reference', transfer.reference, options);
  };

  return (
    <section
      aria-labelledby="transfer-heading"
      className="rounded-2xl bg-white p-5 shadow-sm ring-1 ring-slate-900/5 sm:p-6"
    >
      <h2 id="transfer-heading" className="text-lg font-semibold text-slate-900">
        Send a bank transfer
      </h2>
      <p className="mt-1 text-sm leading-6 text-slate-600">
        Pays into any sandbox account number through the bank partner&apos;s signed webhook, just
        like a real transfer from another bank.
      </p>
      <form
        noValidate
        onSubmit={(event) => void onSubmit(event)}
        className="mt-5 space-y-4"
        aria-label="Send a bank transfer"
      >
        <FormErrorBanner message={send.error?.message} />
        <div className="grid gap-4 sm:grid-cols-2">
          <TextField
            label="Account number"
            inputMode="numeric"
            autoComplete="off"
            maxLength={10}
            placeholder="10 digits"
            hint={ownAccountNumber ? 'Your own Ajo account number.' : undefined}
            error={formState.errors.account_number?.message}
            {...register('account_number')}
          />
          <Controller
            control={control}
            name="amount"
            render={({ field, fieldState }) => (
              <AmountInput
                label="Amount"
                placeholder="0.00"
                name={field.name}
                value={field.value}
                onValueChange={field.onChange}
                onBlur={field.onBlur}
                error={fieldState.error?.message}
              />
            )}
          />
        </div>
        <TextField
          label="Sender name"
          autoComplete="off"
          placeholder="e.g. Tunde Bakare"
          error={formState.errors.sender_name?.message}
          {...register('sender_name')}
        />
        <TextField
          label="Reference (optional)"
          autoComplete="off"
          placeholder="Leave empty for a new one"
          hint="Sending a reference that was already used simulates the bank delivering the same transfer twice: it is credited only once."
          error={formState.errors.reference?.message}
          {...register('reference')}
        />
        <Button type="submit" isLoading={send.isPending}>
          Send transfer
        </Button>
      </form>
      <SentTransfers transfers={sent} onResend={resend} />
    </section>
  );
}
