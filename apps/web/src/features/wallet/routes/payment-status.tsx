import type { ReactNode } from 'react';
import { Link, useSearchParams } from 'react-router';
import type { Transaction } from '@ajo/contracts/wallet';
import { formatMoney } from '@ajo/money/format';
import { BrandLogo } from '../../../components/brand/brand-logo.tsx';
import { Button, ButtonLink } from '../../../components/ui/button.tsx';
import { AlertIcon, ClockIcon, RefreshIcon } from '../../../components/ui/icons.tsx';
import { Spinner } from '../../../components/ui/spinner.tsx';
import { formatLagosDateTime } from '../../../lib/dates.ts';
import { CheckCircleIcon, XCircleIcon } from '../../../components/wallet/wallet-icons.tsx';
import { isApiError } from '../../../lib/api-client.ts';
import { classNames } from '../../../lib/class-names.ts';
import { fundAccountLocation } from '../../../lib/fund-account.ts';
import { formatMoneyText, moneyTextToMinor } from '../../../lib/money-text.ts';
import { useWallets } from '../../../lib/wallet-queries.ts';
import { usePaymentStatus } from '../api/verify-card-deposit.ts';

type Tone = 'success' | 'pending' | 'failure';

const toneStyles: Record<Tone, string> = {
  success: 'bg-emerald-50 text-emerald-600',
  pending: 'bg-amber-50 text-amber-600',
  failure: 'bg-red-50 text-red-600',
};

interface StatusCardProps {
  tone: Tone;
  icon: ReactNode;
  title: string;
  description: ReactNode;
  children?: ReactNode;
  actions: ReactNode;
}

function StatusCard({ tone, icon, title, description, children, actions }: StatusCardProps) {
  return (
    <div className="w-full rounded-3xl bg-white p-6 text-center shadow-xl ring-1 shadow-slate-900/5 ring-slate-900/5 sm:p-10">
      <span
        className={classNames(
          'mx-auto flex size-16 items-center justify-center rounded-full',
          toneStyles[tone],
        )}
      >
        {icon}
      </span>
      <h1 className="mt-5 text-2xl font-bold tracking-tight text-slate-900">{title}</h1>
      <div className="mt-2 text-sm leading-6 text-slate-600">{description}</div>
      {children}
      <div className="mt-8 flex flex-col gap-3">{actions}</div>
    </div>
  );
}

function BackLinks({ primary = true }: { primary?: boolean }) {
  return (
    <>
      <ButtonLink to="/wallet" variant={primary ? 'primary' : 'secondary'} size="lg">
        Back to wallet
      </ButtonLink>
      <ButtonLink to="/" variant="ghost">
        Home
      </ButtonLink>
    </>
  );
}

function PaymentDetails({
  transaction,
  newBalance,
}: {
  transaction: Transaction;
  newBalance?: string | undefined;
}) {
  const totalMinor = moneyTextToMinor(transaction.amount) + moneyTextToMinor(transaction.fee);
  const credited = transaction.status === 'successful';
  const rows: { label: string; value: ReactNode }[] = [
    {
      label: credited ? 'Added to wallet' : 'Amount',
      value: formatMoneyText(transaction.amount, transaction.currency),
    },
    { label: 'Card fee', value: formatMoneyText(transaction.fee, transaction.currency) },
    {
      label: credited ? 'Charged to card' : 'Total',
      value: formatMoney(totalMinor, transaction.currency),
    },
    {
      label: 'Reference',
      value: <span className="font-mono text-xs break-all">{transaction.reference}</span>,
    },
    { label: 'Date', value: formatLagosDateTime(transaction.created_at) },
  ];
  if (newBalance !== undefined) rows.push({ label: 'New wallet balance', value: newBalance });
  return (
    <dl className="mt-6 divide-y divide-slate-100 rounded-2xl bg-slate-50 px-4 text-left text-sm">
      {rows.map((row) => (
        <div key={row.label} className="flex items-start justify-between gap-4 py-3">
          <dt className="shrink-0 text-slate-500">{row.label}</dt>
          <dd className="text-right font-medium text-slate-900 tabular-nums">{row.value}</dd>
        </div>
      ))}
    </dl>
  );
}

/** Back to the card top-up, with the amount that did not go through already in the box. */
const retryCardTo = (transaction: Transaction) =>
  fundAccountLocation('/wallet', '', 'card', transaction.amount);

function CheckAgainButton({ isChecking, onCheck }: { isChecking: boolean; onCheck: () => void }) {
  return (
    <Button size="lg" isLoading={isChecking} onClick={onCheck}>
      <RefreshIcon className="size-4" />
      Check again
    </Button>
  );
}

function VerifyFailed({ error, retry }: { error: Error; retry: ReactNode }) {
  // A malformed or someone else's reference answers 400 or 404: asking again will not help.
  const unknown = isApiError(error) && [400, 404].includes(error.status);
  return (
    <StatusCard
      tone="failure"
      icon={<AlertIcon className="size-8" />}
      title={unknown ? 'We could not find this payment' : 'We could not check this payment'}
      description={
        unknown ? (
          'The link may be incomplete or belong to another account. If money left your account, it will show in your wallet once confirmed.'
        ) : (
          <>
            <p>Your payment is safe; try checking again in a moment.</p>
            <p className="mt-1 text-xs text-slate-500">{error.message}</p>
          </>
        )
      }
      actions={
        <>
          {unknown ? null : retry}
          <BackLinks primary={unknown} />
        </>
      }
    />
  );
}

function SuccessfulPayment({ transaction }: { transaction: Transaction }) {
  const wallets = useWallets();
  const balance = wallets.data?.naira?.amount;
  return (
    <StatusCard
      tone="success"
      icon={<CheckCircleIcon className="size-9" />}
      title="Payment successful"
      description={
        <p>
          <span className="block text-3xl font-bold tracking-tight text-slate-900 tabular-nums">
            {formatMoneyText(transaction.amount, transaction.currency)}
          </span>
          has been added to your wallet.
        </p>
      }
      actions={<BackLinks />}
    >
      <PaymentDetails
        transaction={transaction}
        // Shown once the balance has been read again after the credit.
        newBalance={
          balance === undefined || wallets.isFetching ? undefined : formatMoneyText(balance)
        }
      />
    </StatusCard>
  );
}

interface PendingPaymentProps {
  transaction: Transaction;
  isCheckingAutomatically: boolean;
  retry: ReactNode;
}

function PendingPayment({ transaction, isCheckingAutomatically, retry }: PendingPaymentProps) {
  return (
    <StatusCard
      tone="pending"
      icon={<ClockIcon className="size-9" />}
      title="Payment processing"
      description={
        <p role="status">
          {isCheckingAutomatically
            ? 'Your bank has not confirmed the payment yet. We are checking again every few seconds.'
            : 'This is taking longer than usual. Your money is safe: the payment will show in your wallet as soon as the bank confirms it.'}
        </p>
      }
      actions={
        <>
          {retry}
          <BackLinks primary={false} />
        </>
      }
    >
      <PaymentDetails transaction={transaction} />
    </StatusCard>
  );
}

function UnsuccessfulPayment({ transaction }: { transaction: Transaction }) {
  const reversed = transaction.status === 'reversed';
  return (
    <StatusCard
      tone="failure"
      icon={<XCircleIcon className="size-9" />}
      title={reversed ? 'Payment reversed' : 'Payment failed'}
      description={
        reversed
          ? 'The payment was reversed and the money returned to your card. Nothing was added to your wallet.'
          : 'Your card was not charged and nothing was added to your wallet. You can try again with another card.'
      }
      actions={
        <>
          <ButtonLink to={retryCardTo(transaction)} size="lg">
            Try again
          </ButtonLink>
          <BackLinks primary={false} />
        </>
      }
    >
      <PaymentDetails transaction={transaction} />
    </StatusCard>
  );
}

function PaymentOutcome({ reference }: { reference: string }) {
  const { query: status, isCheckingAutomatically } = usePaymentStatus(reference);
  const retry = (
    <CheckAgainButton
      isChecking={status.isFetching}
      onCheck={() => {
        void status.refetch();
      }}
    />
  );

  if (status.isPending) {
    return (
      <StatusCard
        tone="pending"
        icon={<Spinner className="size-8" />}
        title="Checking your payment"
        description="Hold on while we confirm your payment with the bank."
        actions={null}
      />
    );
  }
  if (status.isError) return <VerifyFailed error={status.error} retry={retry} />;
  const transaction = status.data;
  if (transaction.status === 'successful') return <SuccessfulPayment transaction={transaction} />;
  if (transaction.status === 'pending') {
    return (
      <PendingPayment
        transaction={transaction}
        isCheckingAutomatically={isCheckingAutomatically}
        retry={retry}
      />
    );
  }
  return <UnsuccessfulPayment transaction={transaction} />;
}

/**
 * Where the payment partner's checkout sends the browser back (`?reference=…&trxref=…`). It
 * stands alone, without the top bar or sidebar, and never trusts the query string: the server
 * verifies the payment with the partner before anything is credited.
 */
export function PaymentStatusPage() {
  const [searchParams] = useSearchParams();
  const reference = searchParams.get('reference') ?? searchParams.get('trxref');
  const trimmed = reference?.trim() ?? '';

  return (
    <div className="flex min-h-dvh flex-col items-center bg-linear-to-b from-brand-50 to-slate-50 px-4 py-8 sm:justify-center sm:py-12">
      <title>Payment status · Ajo</title>
      <main className="w-full max-w-md">
        <div className="mb-8 flex justify-center">
          <Link to="/" aria-label="Ajo home" className="inline-flex rounded-lg">
            <BrandLogo />
          </Link>
        </div>
        {trimmed === '' ? (
          <StatusCard
            tone="failure"
            icon={<AlertIcon className="size-8" />}
            title="We could not find this payment"
            description="This page needs a payment reference. Open it from the link your payment sent you back with, or check your wallet for the payment."
            actions={<BackLinks />}
          />
        ) : (
          <PaymentOutcome reference={trimmed} />
        )}
      </main>
    </div>
  );
}
