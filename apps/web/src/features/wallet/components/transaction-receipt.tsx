import { useId, type ReactNode } from 'react';
import type { TransactionDetail } from '@ajo/contracts/wallet';
import { TransactionStatusBadge } from '../../../components/wallet/transaction-list.tsx';
import {
  transactionChannelLabels,
  transactionStatusLabels,
  transactionTypeLabels,
} from '../../../components/wallet/transaction-labels.ts';
import {
  isAwaitingCardPayment,
  onHoldLine,
} from '../../../components/wallet/transaction-presentation.ts';
import { classNames } from '../../../lib/class-names.ts';
import { formatLagosDateTime } from '../../../lib/dates.ts';
import { formatMoneyText, formatSignedMoneyText } from '../../../lib/money-text.ts';
import {
  counterpartyAccount,
  receiptMoneyLines,
  savingPayoutLines,
} from '../utils/receipt-text.ts';
import { AwaitingCardPayment } from './awaiting-card-payment.tsx';
import { CopyButton } from '../../../components/ui/copy-button.tsx';
import { ReceiptActions } from './receipt-actions.tsx';

function Row({ label, children, testId }: { label: string; children: ReactNode; testId?: string }) {
  return (
    <div className="flex items-start justify-between gap-4 py-2.5">
      <dt className="shrink-0 text-slate-500">{label}</dt>
      <dd
        className="min-w-0 text-right font-medium wrap-anywhere text-slate-900"
        data-testid={testId}
      >
        {children}
      </dd>
    </div>
  );
}

/** A reference on its own line (they are long), with a button to copy it. */
function ReferenceRow({ label, value, testId }: { label: string; value: string; testId: string }) {
  return (
    <div className="py-2.5">
      <dt className="text-slate-500">{label}</dt>
      <dd className="mt-1 flex items-center justify-between gap-2">
        {/* Small enough on a phone for a 32-character reference to stay on one line. */}
        <span
          className="min-w-0 font-mono text-xs font-medium break-all text-slate-900 sm:text-sm"
          data-testid={testId}
        >
          {value}
        </span>
        <CopyButton value={value} what={label.toLowerCase()} className="shrink-0 print:hidden" />
      </dd>
    </div>
  );
}

function Amount({ transaction }: { transaction: TransactionDetail }) {
  const awaitingCard = isAwaitingCardPayment(transaction);
  const settledAway = ['failed', 'reversed', 'cancelled'].includes(transaction.status);
  return (
    <p
      className={classNames(
        'text-3xl font-bold tracking-tight tabular-nums',
        settledAway ? 'text-slate-500 line-through' : 'text-slate-900',
      )}
      data-testid="receipt-amount"
    >
      {awaitingCard || transaction.status !== 'successful'
        ? formatMoneyText(transaction.amount, transaction.currency)
        : formatSignedMoneyText(transaction.amount, transaction.direction, transaction.currency)}
    </p>
  );
}

/** The other side: the bank account paid, or who sent the money. */
function CounterpartyRows({ transaction }: { transaction: TransactionDetail }) {
  const counterparty = transaction.counterparty;
  if (!counterparty) return null;
  const account = counterpartyAccount(counterparty);
  return (
    <>
      <Row label={transaction.direction === 'debit' ? 'Sent to' : 'From'}>{counterparty.name}</Row>
      {account === '' ? null : (
        <Row label="Bank account" testId="receipt-bank-account">
          {account}
        </Row>
      )}
    </>
  );
}

/** The timeline's dot takes the colour of the status badge it stands for. */
const statusDotStyles: Record<TransactionDetail['status'], string> = {
  successful: 'bg-emerald-500',
  pending: 'bg-amber-500',
  failed: 'bg-red-500',
  reversed: 'bg-slate-400',
  cancelled: 'bg-slate-400',
};

function StatusHistory({ history }: { history: TransactionDetail['status_history'] }) {
  const headingId = useId();
  if (history.length === 0) return null;
  return (
    <section aria-labelledby={headingId}>
      <h3 id={headingId} className="text-sm font-semibold text-slate-900">
        Status history
      </h3>
      <ol className="mt-3 space-y-3 border-l-2 border-slate-200 pl-4" data-testid="status-history">
        {history.map((event) => (
          <li key={`${event.status}-${event.at}`} className="relative text-sm">
            <span
              aria-hidden="true"
              className={classNames(
                'absolute top-1.5 -left-[1.3rem] size-2.5 rounded-full ring-2 ring-white',
                statusDotStyles[event.status],
              )}
            />
            <span className="font-medium text-slate-900">
              {transactionStatusLabels[event.status]}
            </span>{' '}
            <time dateTime={event.at} className="text-slate-600">
              {formatLagosDateTime(event.at)}
            </time>
          </li>
        ))}
      </ol>
    </section>
  );
}

/**
 * One movement as its receipt: amount and status, what it was and when, the other side (account
 * numbers masked by the server), the fee, the references with copy buttons, how its status went,
 * and the ways to share, copy or print it. An unpaid card top-up also offers Resume and Cancel.
 */
export function TransactionReceipt({ transaction }: { transaction: TransactionDetail }) {
  const titleId = useId();
  const onHold = onHoldLine(transaction);
  const figures = receiptMoneyLines(transaction);
  const providerReference =
    transaction.provider_reference !== null &&
    transaction.provider_reference !== transaction.reference
      ? transaction.provider_reference
      : null;
  return (
    <article aria-labelledby={titleId} className="space-y-6 px-5 py-5" data-print-receipt>
      <header className="rounded-2xl bg-slate-50 px-4 py-5 text-center ring-1 ring-slate-900/5 print:bg-white print:ring-0">
        <p className="text-xs font-semibold tracking-wide text-slate-500 uppercase">
          {transactionTypeLabels[transaction.type]}
        </p>
        <div className="mt-2">
          <Amount transaction={transaction} />
        </div>
        <h3 id={titleId} className="mt-1 text-base font-semibold wrap-anywhere text-slate-800">
          {transaction.description}
        </h3>
        <div className="mt-3">
          <TransactionStatusBadge
            status={transaction.status}
            awaitingCard={isAwaitingCardPayment(transaction)}
          />
        </div>
      </header>

      {isAwaitingCardPayment(transaction) ? (
        <AwaitingCardPayment transaction={transaction} />
      ) : null}

      <dl className="divide-y divide-slate-100 text-sm">
        <Row label="Date">
          <time dateTime={transaction.created_at}>
            {formatLagosDateTime(transaction.created_at)}
          </time>
        </Row>
        <Row label="Method">{transactionChannelLabels[transaction.channel]}</Row>
        <CounterpartyRows transaction={transaction} />
        <Row label="Amount">{figures.amount}</Row>
        <Row label="Fee" testId="receipt-fee">
          {figures.fee ?? 'No fee'}
        </Row>
        {figures.total === null ? null : (
          <Row label={figures.total.label}>{figures.total.value}</Row>
        )}
        {savingPayoutLines(transaction).map((line) => (
          <Row key={line.label} label={line.label} testId="receipt-saving">
            {line.value}
          </Row>
        ))}
        {onHold ? (
          <Row label={onHold.state === 'held' ? 'On hold' : 'Released'} testId="receipt-on-hold">
            {onHold.text}
          </Row>
        ) : null}
        <ReferenceRow label="Reference" value={transaction.reference} testId="receipt-reference" />
        {providerReference === null ? null : (
          <ReferenceRow
            label="Payment partner reference"
            value={providerReference}
            testId="receipt-provider-reference"
          />
        )}
        {transaction.client_reference === null ? null : (
          <ReferenceRow
            label="Your reference"
            value={transaction.client_reference}
            testId="receipt-client-reference"
          />
        )}
      </dl>

      <StatusHistory history={transaction.status_history} />

      <ReceiptActions transaction={transaction} />
    </article>
  );
}
