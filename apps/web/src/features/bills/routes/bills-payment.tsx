import { useState } from 'react';
import type { QueryClient } from '@tanstack/react-query';
import { useSearchParams } from 'react-router';
import { VerifyBvnUpFront } from '../../../components/account/verify-bvn-up-front.tsx';
import { useReadFailure } from '../../../components/ui/load-failed.tsx';
import { RetryButton } from '../../../components/ui/retry-button.tsx';
import { formatMoneyText } from '../../../lib/money-text.ts';
import { useWallets, walletsQueryOptions } from '../../../lib/wallet-queries.ts';
import { billersQueryOptions } from '../api/get-billers.ts';
import { billPaymentsQueryOptions } from '../api/get-bill-payments.ts';
import { AirtimeForm, type BillFormProps } from '../components/airtime-form.tsx';
import { BettingForm } from '../components/betting-form.tsx';
import { BillDialog, type BillDialogView } from '../components/bill-dialog.tsx';
import { BillHistory } from '../components/bill-history.tsx';
import { BILL_TAB_PANEL_ID, BillTypeTabs, billTabId } from '../components/bill-type-tabs.tsx';
import { DataForm } from '../components/data-form.tsx';
import { ElectricityForm } from '../components/electricity-form.tsx';
import { billTabs, readBillTab, writeBillTab, type BillTabId } from '../utils/bill-tabs.ts';
import { PinNotSetUpFront } from '../../../components/pin/pin-confirm.tsx';
import { attemptKey } from '../../../lib/money-attempts.ts';

/**
 * What the page shows first, asked for by its route's loader while the user is on its way: the
 * balance, the history, and the billers of all four kinds (a small catalogue, kept for minutes),
 * so switching between the tabs shows their billers at once.
 */
export function prefetchBillsData(queryClient: QueryClient) {
  return Promise.all([
    queryClient.query(walletsQueryOptions),
    queryClient.infiniteQuery(billPaymentsQueryOptions),
    ...billTabs.map((tab) => queryClient.query(billersQueryOptions(tab.type))),
  ]);
}

const forms: Record<BillTabId, (props: BillFormProps) => React.JSX.Element> = {
  airtime: AirtimeForm,
  data: DataForm,
  electricity: ElectricityForm,
  betting: BettingForm,
};

/** The naira wallet's available balance; if it could not be read, that, with Try again. */
function AvailableBalance() {
  const wallets = useWallets();
  const failure = useReadFailure(wallets);
  const available = wallets.data?.naira?.available_amount;
  if (failure.shown) {
    return (
      <div className="flex flex-wrap items-center gap-x-3 gap-y-2 text-sm text-slate-600">
        <p>We could not load your balance.</p>
        <RetryButton busy={wallets.isFetching} onRetry={failure.retry} />
      </div>
    );
  }
  return (
    <p className="text-sm text-slate-600">
      Available balance{' '}
      {available === undefined ? (
        <span className="inline-block h-4 w-20 animate-pulse rounded bg-slate-200 align-middle" />
      ) : (
        <span className="font-semibold text-slate-900 tabular-nums" data-testid="bills-balance">
          {formatMoneyText(available)}
        </span>
      )}
    </p>
  );
}

/**
 * After a payment the form starts again, so the field or button that opened the dialog is gone
 * and focus would fall to the page: it goes to the chosen kind's tab, at the top of the new form.
 * Focus that went elsewhere on purpose (another panel took it) is left alone.
 */
function focusTabOfNewForm(tab: BillTabId) {
  const focused = document.activeElement;
  const form = document.getElementById(BILL_TAB_PANEL_ID);
  if (focused === null || focused === document.body || form?.contains(focused) === true) {
    document.getElementById(billTabId(tab))?.focus();
  }
}

/**
 * Bills payment: airtime, data, electricity and betting from the wallet. The kind is the URL's
 * `?type=` (a shared link opens on it); each form ends in a confirmation with the fee and total,
 * then a receipt that follows the payment. Past payments are listed beside (below on a phone).
 */
export function BillsPaymentPage() {
  const [searchParams, setSearchParams] = useSearchParams();
  const tab = readBillTab(searchParams);
  const [dialog, setDialog] = useState<BillDialogView | null>(null);
  // A payment made starts its form again (the number or meter stays among the recent ones); a
  // failed one leaves the form as it was.
  const [formRound, setFormRound] = useState(0);
  const Form = forms[tab.id];

  return (
    <>
      <title>Bills payment · Ajo</title>
      <div className="grid grid-cols-[minmax(0,1fr)] items-start gap-6 desktop:grid-cols-[minmax(0,1fr)_26rem]">
        <section
          aria-labelledby="pay-bill-heading"
          className="rounded-2xl bg-white p-4 shadow-sm ring-1 ring-slate-900/5 sm:p-6"
        >
          <div className="mb-5 flex flex-wrap items-end justify-between gap-x-4 gap-y-1">
            <div>
              <h2 id="pay-bill-heading" className="text-lg font-semibold text-slate-900">
                Pay a bill
              </h2>
              <p className="text-sm text-slate-600">Straight from your Ajo wallet, in seconds.</p>
            </div>
            <AvailableBalance />
          </div>
          <VerifyBvnUpFront action="paying bills" className="mb-5" />
          <PinNotSetUpFront className="mb-5" />
          <BillTypeTabs
            selected={tab}
            onSelect={(next) => {
              setSearchParams((current) => writeBillTab(current, next), {
                replace: true,
                preventScrollReset: true,
              });
            }}
          />
          <div
            role="tabpanel"
            id={BILL_TAB_PANEL_ID}
            aria-labelledby={billTabId(tab.id)}
            className="mt-6"
          >
            <Form
              key={`${tab.id}-${String(formRound)}`}
              onContinue={(purchase, quote) => {
                setDialog({
                  kind: 'confirm',
                  purchase,
                  quote,
                  idempotencyKey: attemptKey('bill'),
                });
              }}
            />
          </div>
        </section>
        <BillHistory
          onOpen={(payment) => {
            setDialog({ kind: 'receipt', payment });
          }}
        />
      </div>
      <BillDialog
        view={dialog}
        onRequestClose={() => {
          setDialog(null);
        }}
        onPaid={(payment) => {
          // After a failure the choices stay, to try again or change one thing.
          if (payment.status !== 'failed' && payment.status !== 'reversed') {
            setFormRound((round) => round + 1);
            focusTabOfNewForm(tab.id);
          }
        }}
      />
    </>
  );
}
