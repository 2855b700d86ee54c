import { useSearchParams } from 'react-router';
import { Button } from '../../../components/ui/button.tsx';
import { EmptyState } from '../../../components/ui/empty-state.tsx';
import { AlertIcon } from '../../../components/ui/icons.tsx';
import { useReadFailure } from '../../../components/ui/load-failed.tsx';
import { RetryButton } from '../../../components/ui/retry-button.tsx';
import { SidePanel } from '../../../components/ui/side-panel.tsx';
import { Spinner } from '../../../components/ui/spinner.tsx';
import {
  TRANSACTION_ID_PARAM,
  TRANSACTION_PANEL_ID,
} from '../../../components/wallet/transaction-location.ts';
import { isApiError } from '../../../lib/api-client.ts';
import { useTransaction } from '../api/get-transaction.ts';
import { TransactionReceipt } from './transaction-receipt.tsx';
import { readFailureMessage } from '../../../lib/read-failure.ts';

function ReceiptContent({
  transactionId,
  onClose,
}: {
  transactionId: string;
  onClose: () => void;
}) {
  const transaction = useTransaction(transactionId);
  const failure = useReadFailure(transaction);
  if (transaction.isError || failure.shown) {
    const { error } = failure;
    // Another person's transaction, a mistyped link or a removed one all answer "not found".
    const notFound = isApiError(error) && [400, 404].includes(error.status);
    return (
      <EmptyState
        icon={<AlertIcon className="size-7" />}
        title={
          notFound ? 'We could not find this transaction' : 'We could not load this transaction'
        }
        description={
          notFound
            ? 'The link may be incomplete, or the transaction belongs to another account.'
            : error
              ? readFailureMessage(error)
              : undefined
        }
        headingLevel={3}
        className="border-none"
        action={
          notFound ? (
            <Button variant="secondary" onClick={onClose}>
              Back to wallet
            </Button>
          ) : (
            <RetryButton size="md" busy={transaction.isFetching} onRetry={failure.retry} />
          )
        }
      />
    );
  }
  if (transaction.isPending) {
    return (
      <div className="flex justify-center py-12 text-brand-600">
        <Spinner label="Loading the transaction" />
      </div>
    );
  }
  return <TransactionReceipt transaction={transaction.data} />;
}

/**
 * The receipt side panel, opened by `?a=transaction&id=<id>` on the wallet page (see
 * transaction-location.ts): from a row of the history or Home, or from a notification about the
 * movement. Closing removes both parameters; the history's filters stay.
 */
export function TransactionPanel() {
  const [searchParams] = useSearchParams();
  const transactionId = searchParams.get(TRANSACTION_ID_PARAM)?.trim() ?? '';
  return (
    <SidePanel
      panelId={TRANSACTION_PANEL_ID}
      title="Transaction details"
      closeLabel="Close transaction details"
      clearsParams={[TRANSACTION_ID_PARAM]}
    >
      {(close) =>
        transactionId === '' ? (
          <EmptyState
            icon={<AlertIcon className="size-7" />}
            title="We could not find this transaction"
            description="The link has no transaction in it."
            headingLevel={3}
            className="border-none"
          />
        ) : (
          <ReceiptContent key={transactionId} transactionId={transactionId} onClose={close} />
        )
      }
    </SidePanel>
  );
}
