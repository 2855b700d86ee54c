import { useEffect, useRef, useState, type ReactNode } from 'react';
import { classNames } from '../../lib/class-names.ts';
import { CloseIcon } from './icons.tsx';
import { focusInitialElement } from './use-modal-open.ts';

/** How long the closing slide or fade runs before the dialog leaves the page (spec section 9). */
export const MODAL_CLOSE_ANIMATION_MS = 300;

interface ModalDialogProps {
  open: boolean;
  /** Escape, a click on the overlay or the close button: the owner decides whether to close. */
  onRequestClose: () => void;
  /** Runs once the close animation has finished and the dialog is gone. */
  onClosed?: () => void;
  /** The id of the visible heading that names the dialog. */
  labelledBy: string;
  describedBy?: string;
  /** The close button's accessible name. */
  closeLabel?: string;
  /** The card's width at 1280 px and wider; below that the sheet spans the screen. */
  size?: 'md' | 'lg';
  children: ReactNode;
}

function prefersReducedMotion(): boolean {
  return window.matchMedia('(prefers-reduced-motion: reduce)').matches;
}

/**
 * A modal dialog: a bottom sheet below 1280 px, centred at and above. The native <dialog> opened
 * with showModal() traps focus, makes the page behind it inert and is announced as a modal
 * dialog. Escape and a click on the overlay ask the owner to close; closing slides or fades out
 * for 300 ms (at once when the person prefers reduced motion), then focus goes back to where it was.
 */
export function ModalDialog({
  open,
  onRequestClose,
  onClosed,
  labelledBy,
  describedBy,
  closeLabel = 'Close',
  size = 'md',
  children,
}: ModalDialogProps) {
  const dialogRef = useRef<HTMLDialogElement>(null);
  const returnFocusTo = useRef<HTMLElement | null>(null);
  const pointerDownOnOverlay = useRef(false);
  const onClosedRef = useRef(onClosed);
  const [shown, setShown] = useState(open);
  // Times the browser closed the dialog itself while the owner kept it open (see onClose).
  const [closedByBrowser, setClosedByBrowser] = useState(0);

  useEffect(() => {
    onClosedRef.current = onClosed;
  }, [onClosed]);

  // Opening shows the content at once; closing keeps it on screen until the animation ends.
  if (open && !shown) setShown(true);
  const closing = shown && !open;

  useEffect(() => {
    const dialog = dialogRef.current;
    if (!dialog || !open) return;
    if (!dialog.open) {
      // Shown again after the browser closed it, focus still goes back to where it first was.
      returnFocusTo.current ??=
        document.activeElement instanceof HTMLElement ? document.activeElement : null;
      dialog.showModal();
      focusInitialElement(dialog);
    }
  }, [open, closedByBrowser]);

  useEffect(() => {
    const dialog = dialogRef.current;
    if (!dialog || !closing) return;
    const timer = setTimeout(
      () => {
        const focusWasInside = dialog.contains(document.activeElement);
        if (dialog.open) dialog.close();
        setShown(false);
        const previous = returnFocusTo.current;
        returnFocusTo.current = null;
        // Give focus back only if nothing else (another panel) has taken it meanwhile.
        if (
          previous?.isConnected === true &&
          (focusWasInside || document.activeElement === document.body)
        ) {
          previous.focus();
        }
        onClosedRef.current?.();
      },
      prefersReducedMotion() ? 0 : MODAL_CLOSE_ANIMATION_MS,
    );
    return () => {
      clearTimeout(timer);
    };
  }, [closing]);

  return (
    <dialog
      ref={dialogRef}
      aria-modal="true"
      aria-labelledby={labelledBy}
      aria-describedby={describedBy}
      data-closing={closing ? '' : undefined}
      onCancel={(event) => {
        // Escape: animate out instead of vanishing.
        event.preventDefault();
        if (open) onRequestClose();
      }}
      onClose={() => {
        // The browser closes the dialog itself on a second Escape in a row (it cannot be
        // refused). Ask the owner as for the first; if it keeps the dialog open (a payment on
        // its way), the effect above shows it again, so its answer is not lost behind the page.
        if (!open) return;
        onRequestClose();
        setClosedByBrowser((count) => count + 1);
      }}
      onPointerDown={(event) => {
        pointerDownOnOverlay.current = event.target === event.currentTarget;
      }}
      onClick={(event) => {
        // A click on the overlay lands on the <dialog> itself, which has no padding.
        const onOverlay = event.target === event.currentTarget && pointerDownOnOverlay.current;
        pointerDownOnOverlay.current = false;
        if (onOverlay && open) onRequestClose();
      }}
      className={classNames(
        // Phones and tablets: a sheet along the bottom edge that slides up and back down.
        'fixed inset-x-0 top-auto bottom-0 m-0 max-h-[92dvh] w-full max-w-none overflow-y-auto overscroll-contain rounded-t-3xl bg-white p-0 text-slate-900 shadow-2xl',
        'transition-[translate,scale,opacity] duration-300 ease-out motion-reduce:transition-none',
        'starting:open:translate-y-full data-closing:translate-y-full',
        'backdrop:bg-slate-950/50 backdrop:transition-opacity backdrop:duration-300 motion-reduce:backdrop:transition-none data-closing:backdrop:opacity-0 starting:open:backdrop:opacity-0',
        // 1280 px and wider: a card in the middle of the screen that fades and grows in.
        'desktop:inset-0 desktop:m-auto desktop:h-fit desktop:max-h-[85dvh] desktop:w-[calc(100%-4rem)] desktop:rounded-3xl',
        size === 'lg' ? 'desktop:max-w-xl' : 'desktop:max-w-md',
        'desktop:starting:open:translate-y-0 desktop:starting:open:scale-95 desktop:starting:open:opacity-0',
        'desktop:data-closing:translate-y-0 desktop:data-closing:scale-95 desktop:data-closing:opacity-0',
      )}
    >
      {shown ? (
        <div className="relative px-5 pt-3 pb-[max(1.5rem,env(safe-area-inset-bottom))] sm:px-8 desktop:pt-8 desktop:pb-8">
          <div
            aria-hidden="true"
            className="mx-auto mb-4 h-1.5 w-12 rounded-full bg-slate-200 desktop:hidden"
          />
          <button
            type="button"
            aria-label={closeLabel}
            onClick={onRequestClose}
            className="absolute top-3 right-3 flex size-10 items-center justify-center rounded-full text-slate-500 hover:bg-slate-100 hover:text-slate-900 desktop:top-4 desktop:right-4"
          >
            <CloseIcon />
          </button>
          {children}
        </div>
      ) : null}
    </dialog>
  );
}
