import { lazy, Suspense, useEffect, useRef } from 'react';
import { useSearchParams } from 'react-router';
import { CloseIcon } from '../../../components/ui/icons.tsx';
import { Spinner } from '../../../components/ui/spinner.tsx';
import { FUND_ACCOUNT_PANEL_ID } from '../../../lib/fund-account.ts';

/* The panel's insides (account details, the card form, the money package) load on first open. */
const FundAccountContent = lazy(async () => ({
  default: (await import('./fund-account-content.tsx')).FundAccountContent,
}));

function PanelFallback() {
  return (
    <div className="flex justify-center py-16 text-brand-600">
      <Spinner label="Loading" />
    </div>
  );
}

/**
 * The "fund account" side panel, opened by `?a=fund account` from any signed-in page: a bottom
 * sheet (80% height) below 1280 px, a right panel (30% width) at and above, like notifications.
 * Escape, a click on the overlay and the close button remove `a` (and its `type`) from the URL.
 */
export function FundAccountPanel() {
  const [searchParams, setSearchParams] = useSearchParams();
  const open = searchParams.get('a') === FUND_ACCOUNT_PANEL_ID;
  const dialog = useRef<HTMLDialogElement>(null);

  useEffect(() => {
    const element = dialog.current;
    if (!element) return;
    if (open && !element.open) element.showModal();
    if (!open && element.open) element.close();
  }, [open]);

  const close = () => {
    if (!open) return;
    setSearchParams(
      (current) => {
        const next = new URLSearchParams(current);
        next.delete('a');
        next.delete('type');
        return next;
      },
      { replace: true },
    );
  };

  return (
    <dialog
      ref={dialog}
      aria-labelledby="fund-account-heading"
      onClose={close}
      onClick={(event) => {
        if (event.target === event.currentTarget) close();
      }}
      className="fixed inset-x-0 top-auto bottom-0 m-0 h-[80dvh] max-h-none w-full max-w-none rounded-t-2xl bg-white p-0 text-slate-900 shadow-2xl backdrop:bg-slate-950/40 open:animate-[slide-in-up_200ms_ease-out] desktop:inset-y-0 desktop:right-0 desktop:left-auto desktop:h-dvh desktop:w-[30vw] desktop:min-w-96 desktop:rounded-none desktop:rounded-l-2xl desktop:open:animate-[slide-in-right_200ms_ease-out]"
    >
      {open ? (
        <div className="flex h-full flex-col">
          <div className="flex items-center justify-between border-b border-slate-200 px-5 py-4">
            <h2 id="fund-account-heading" className="text-lg font-semibold">
              Fund your wallet
            </h2>
            <button
              type="button"
              aria-label="Close fund wallet"
              onClick={close}
              className="flex size-10 items-center justify-center rounded-full text-slate-600 hover:bg-slate-100"
            >
              <CloseIcon />
            </button>
          </div>
          <div className="flex-1 overflow-y-auto overscroll-contain">
            <Suspense fallback={<PanelFallback />}>
              <FundAccountContent />
            </Suspense>
          </div>
        </div>
      ) : null}
    </dialog>
  );
}
