import { useEffect, useRef } from 'react';
import { useSearchParams } from 'react-router';
import { CloseIcon } from '../../../components/ui/icons.tsx';
import { WITHDRAW_PANEL_ID } from '../utils/withdraw-location.ts';
import { WithdrawContent } from './withdraw-content.tsx';

/**
 * The "withdraw" side panel, opened by `?a=withdraw` on the wallet page: a bottom sheet (80%
 * height) below 1280 px, a right panel (30% width) at and above, like the fund-account panel.
 * Escape, a click on the overlay and the close button remove `a` from the URL.
 */
export function WithdrawPanel() {
  const [searchParams, setSearchParams] = useSearchParams();
  const open = searchParams.get('a') === WITHDRAW_PANEL_ID;
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
        return next;
      },
      { replace: true },
    );
  };

  return (
    <dialog
      ref={dialog}
      aria-labelledby="withdraw-heading"
      onClose={close}
      onClick={(event) => {
        if (event.target === event.currentTarget) close();
      }}
      className="fixed inset-x-0 top-auto bottom-0 m-0 h-[80dvh] max-h-none w-full max-w-none rounded-t-2xl bg-white p-0 text-slate-900 shadow-2xl backdrop:bg-slate-950/40 open:animate-[slide-in-up_200ms_ease-out] desktop:inset-y-0 desktop:right-0 desktop:left-auto desktop:h-dvh desktop:w-[30vw] desktop:min-w-96 desktop:rounded-none desktop:rounded-l-2xl desktop:open:animate-[slide-in-right_200ms_ease-out]"
    >
      {open ? (
        <div className="flex h-full flex-col">
          <div className="flex items-center justify-between border-b border-slate-200 px-5 py-4">
            <h2 id="withdraw-heading" className="text-lg font-semibold">
              Withdraw to your bank
            </h2>
            <button
              type="button"
              aria-label="Close withdraw"
              onClick={close}
              className="flex size-10 items-center justify-center rounded-full text-slate-600 hover:bg-slate-100"
            >
              <CloseIcon />
            </button>
          </div>
          <div className="flex-1 overflow-y-auto overscroll-contain">
            <WithdrawContent onDone={close} />
          </div>
        </div>
      ) : null}
    </dialog>
  );
}
