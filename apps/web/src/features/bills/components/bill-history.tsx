import type { BillPayment } from '@ajo/contracts/bills';
import { Button } from '../../../components/ui/button.tsx';
import { EmptyState } from '../../../components/ui/empty-state.tsx';
import { LoadFailed, showsReadFailure } from '../../../components/ui/load-failed.tsx';
import { TransactionStatusBadge } from '../../../components/wallet/transaction-list.tsx';
import { classNames } from '../../../lib/class-names.ts';
import { formatLagosDateTime } from '../../../lib/dates.ts';
import { formatMoneyText } from '../../../lib/money-text.ts';
import { useBillPayments } from '../api/get-bill-payments.ts';
import { groupToken, paymentRecipient, paymentTitle } from '../utils/bill-display.ts';
import { tabOfType } from '../utils/bill-tabs.ts';
import { ReceiptIcon } from './bill-icons.tsx';
import { BillTypeGlyph } from './bill-type-glyph.tsx';
import { CopyButton } from '../../../components/ui/copy-button.tsx';

function HistorySkeleton() {
  return (
    <ul aria-hidden="true" className="divide-y divide-slate-100">
      {Array.from({ length: 4 }, (_, index) => (
        <li key={index} className="flex items-center gap-3 px-4 py-4 sm:px-5">
          <span className="size-10 shrink-0 animate-pulse rounded-xl bg-slate-200" />
          <span className="flex-1 space-y-2">
            <span className="block h-4 w-2/3 max-w-48 animate-pulse rounded bg-slate-200" />
            <span className="block h-3 w-1/2 max-w-36 animate-pulse rounded bg-slate-100" />
          </span>
          <span className="flex flex-col items-end gap-2">
            <span className="block h-4 w-16 animate-pulse rounded bg-slate-200" />
            <span className="block h-4 w-14 animate-pulse rounded-full bg-slate-100" />
          </span>
        </li>
      ))}
    </ul>
  );
}

function PaymentRow({
  payment,
  onOpen,
}: {
  payment: BillPayment;
  onOpen: (payment: BillPayment) => void;
}) {
  const settledAway = payment.status === 'failed' || payment.status === 'reversed';
  return (
    <li data-testid="bill-payment-row">
      <button
        type="button"
        onClick={() => {
          onOpen(payment);
        }}
        className="flex w-full items-start gap-3 px-4 py-3.5 text-left hover:bg-slate-50 focus-visible:-outline-offset-2 sm:px-5"
      >
        <BillTypeGlyph tab={tabOfType(payment.type)} className="mt-0.5" />
        <span className="min-w-0 flex-1">
          <span className="block truncate text-sm font-semibold text-slate-900">
            {paymentTitle(payment)}
          </span>
          <span className="block truncate text-xs text-slate-600 tabular-nums">
            {paymentRecipient(payment)}
          </span>
          <span className="block text-xs text-slate-500">
            {formatLagosDateTime(payment.created_at)}
          </span>
        </span>
        <span className="flex shrink-0 flex-col items-end gap-1.5">
          <span
            className={classNames(
              'text-sm font-semibold tabular-nums',
              settledAway ? 'text-slate-500 line-through' : 'text-slate-900',
            )}
          >
            {formatMoneyText(payment.total)}
          </span>
          <TransactionStatusBadge status={payment.status} />
        </span>
      </button>
      {payment.token === null ? null : (
        <div className="mx-4 mb-3.5 flex items-center justify-between gap-2 rounded-xl bg-amber-50 py-1.5 pr-1.5 pl-3 ring-1 ring-amber-600/15 sm:mx-5">
          <span className="min-w-0">
            <span className="block text-[0.7rem] font-semibold tracking-wide text-amber-800">
              {/* Only the word is in capitals: units keep their case ("73.0 kWh"). */}
              <span className="uppercase">Token</span>
              {payment.units === null ? '' : ` · ${payment.units}`}
            </span>
            <span
              className="block font-mono text-xs font-semibold wrap-anywhere text-slate-900 tabular-nums sm:text-sm"
              data-testid="bill-history-token"
            >
              {groupToken(payment.token)}
            </span>
          </span>
          <CopyButton
            value={payment.token.replace(/[\s-]/g, '')}
            what="token"
            className="shrink-0"
          />
        </div>
      )}
    </li>
  );
}

/**
 * Every bill payment, newest first, with its status; a prepaid token shows on its row, ready to
 * copy. A row opens its receipt. While any payment is pending the list looks again by itself.
 */
export function BillHistory({ onOpen }: { onOpen: (payment: BillPayment) => void }) {
  const history = useBillPayments();
  const payments = history.data?.pages.flatMap((page) => page.items) ?? [];
  return (
    <section
      aria-labelledby="bill-history-heading"
      className="overflow-hidden rounded-2xl bg-white shadow-sm ring-1 ring-slate-900/5"
    >
      <div className="flex items-center justify-between gap-3 border-b border-slate-100 px-4 py-4 sm:px-5">
        <h2 id="bill-history-heading" className="text-base font-semibold text-slate-900">
          Bill payments
        </h2>
      </div>
      {showsReadFailure(history) ? (
        <div className="p-4 sm:p-5">
          <LoadFailed query={history} />
        </div>
      ) : history.isPending ? (
        <>
          <HistorySkeleton />
          <span role="status" className="sr-only">
            Loading your bill payments
          </span>
        </>
      ) : payments.length === 0 ? (
        <EmptyState
          icon={<ReceiptIcon className="size-7" />}
          title="No bill payments yet"
          description="Airtime, data, electricity tokens and betting top-ups you pay for will show here, with their receipts."
          headingLevel={3}
          className="rounded-none border-none"
        />
      ) : (
        <>
          <ul className="divide-y divide-slate-100">
            {payments.map((payment) => (
              <PaymentRow key={payment.id} payment={payment} onOpen={onOpen} />
            ))}
          </ul>
          {history.hasNextPage ? (
            <div className="border-t border-slate-100 p-3 text-center">
              <Button
                variant="ghost"
                size="sm"
                isLoading={history.isFetchingNextPage}
                onClick={() => {
                  void history.fetchNextPage();
                }}
              >
                Show more
              </Button>
            </div>
          ) : null}
        </>
      )}
    </section>
  );
}
