import type { TransactionDetail } from '@ajo/contracts/wallet';
import { Button } from '../../../components/ui/button.tsx';
import { toast } from '../../../components/ui/toast.ts';
import { PrintIcon, ShareIcon } from '../../../components/wallet/wallet-icons.tsx';
import { receiptText } from '../utils/receipt-text.ts';
import { CopyButton } from '../../../components/ui/copy-button.tsx';
import './receipt-print.css';

/** The Web Share API exists on most phones and some desktops (not Chrome on Linux, say). */
function canShare(): boolean {
  return typeof navigator !== 'undefined' && 'share' in navigator;
}

async function share(transaction: TransactionDetail, url: string) {
  try {
    await navigator.share({
      title: 'Ajo transaction receipt',
      text: receiptText(transaction),
      url,
    });
  } catch (error) {
    // The person closed the share sheet: nothing to say.
    if (error instanceof DOMException && error.name === 'AbortError') return;
    toast.error('We could not open sharing here. Copy the receipt instead.');
  }
}

/**
 * Share the receipt through the phone's share sheet where the browser offers one; copy it as
 * text or print it (receipt-print.css leaves only the receipt on the page) everywhere.
 */
export function ReceiptActions({ transaction }: { transaction: TransactionDetail }) {
  return (
    <div className="flex flex-wrap gap-2 print:hidden" data-testid="receipt-actions">
      {canShare() ? (
        <Button
          variant="secondary"
          size="sm"
          onClick={() => {
            void share(transaction, window.location.href);
          }}
        >
          <ShareIcon className="size-4" />
          Share
        </Button>
      ) : null}
      <CopyButton
        value={receiptText(transaction)}
        what="receipt"
        label="Copy receipt"
        variant="secondary"
      />
      <Button
        variant="secondary"
        size="sm"
        onClick={() => {
          window.print();
        }}
      >
        <PrintIcon className="size-4" />
        Print
      </Button>
    </div>
  );
}
