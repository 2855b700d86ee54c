import { useId, type ReactNode } from 'react';
import { useSearchParams } from 'react-router';
import { CloseIcon } from './icons.tsx';
import { useModalOpen } from './use-modal-open.ts';

export interface SidePanelProps {
  /** The `?a=` value that opens this panel. */
  panelId: string;
  title: string;
  /** Names the close button for screen readers, e.g. "Close notifications". */
  closeLabel: string;
  /** Other query parameters that belong to the panel and go with it on close (e.g. `type`). */
  clearsParams?: readonly string[];
  /**
   * While true (a request whose answer the panel shows is on its way), Escape, the overlay and
   * the close button leave the panel where it is.
   */
  keepOpen?: boolean;
  /** The panel's insides, rendered only while it is open; `close` removes it from the URL. */
  children: (close: () => void) => ReactNode;
}

/**
 * A panel opened by `?a=<panelId>` in the URL: a bottom sheet (80% height) below 1280 px, a right
 * panel (30% width) at and above. A modal `<dialog>`, so focus stays inside and Escape closes it;
 * Escape, a click on the overlay and the close button remove `a` (and `clearsParams`) from the URL,
 * so the back button and shared links behave.
 */
export function SidePanel({
  panelId,
  title,
  closeLabel,
  clearsParams = [],
  keepOpen = false,
  children,
}: SidePanelProps) {
  const [searchParams, setSearchParams] = useSearchParams();
  const open = searchParams.get('a') === panelId;
  const dialog = useModalOpen(open);
  const headingId = useId();

  const close = () => {
    if (!open || keepOpen) return;
    setSearchParams(
      (current) => {
        const next = new URLSearchParams(current);
        for (const name of ['a', ...clearsParams]) next.delete(name);
        return next;
      },
      { replace: true },
    );
  };

  return (
    <dialog
      ref={dialog}
      aria-labelledby={headingId}
      onCancel={(event) => {
        if (keepOpen) event.preventDefault();
      }}
      onClose={(event) => {
        // The browser may force a close past a refused Escape; while keepOpen holds, show it again.
        if (keepOpen && open) event.currentTarget.showModal();
        else close();
      }}
      onClick={(event) => {
        if (event.target === event.currentTarget) close();
      }}
      className="fixed inset-x-0 top-auto bottom-0 m-0 h-[80dvh] max-h-none w-full max-w-none rounded-t-2xl bg-white p-0 text-slate-900 shadow-2xl backdrop:bg-slate-950/40 open:animate-[slide-in-up_200ms_ease-out] desktop:inset-y-0 desktop:right-0 desktop:left-auto desktop:h-dvh desktop:w-[30vw] desktop:min-w-96 desktop:rounded-none desktop:rounded-l-2xl desktop:open:animate-[slide-in-right_200ms_ease-out]"
    >
      {open ? (
        <div className="flex h-full flex-col">
          <div className="flex items-center justify-between border-b border-slate-200 px-5 py-4">
            <h2 id={headingId} className="text-lg font-semibold">
              {title}
            </h2>
            <button
              type="button"
              aria-label={closeLabel}
              onClick={close}
              disabled={keepOpen}
              className="flex size-10 items-center justify-center rounded-full text-slate-600 hover:bg-slate-100 disabled:opacity-50"
            >
              <CloseIcon />
            </button>
          </div>
          <div className="flex-1 overflow-y-auto overscroll-contain">{children(close)}</div>
        </div>
      ) : null}
    </dialog>
  );
}
