import { useEffect, useRef } from 'react';

/** Focus lands on the element marked `data-autofocus`, or the first field, not the close button. */
export function focusInitialElement(dialog: HTMLDialogElement): void {
  const target =
    dialog.querySelector<HTMLElement>('[data-autofocus]') ??
    dialog.querySelector<HTMLElement>('input, select, textarea');
  target?.focus();
}

/**
 * A ref for a `<dialog>` that is shown as a modal while `open` is true and closed when it turns
 * false. `showModal()` gives focus trapping, Escape to close and an inert page behind it. Focus
 * then goes to the first field (`focusInitialElement`): `showModal()` alone would put it on the
 * close button, where a typed amount and Enter would close the panel. A field rendered later
 * (after its data loads) takes focus itself with `autoFocus`, the dialog being open by then.
 */
export function useModalOpen(open: boolean) {
  const dialog = useRef<HTMLDialogElement>(null);
  useEffect(() => {
    const element = dialog.current;
    if (!element) return;
    if (open && !element.open) {
      element.showModal();
      focusInitialElement(element);
    }
    if (!open && element.open) element.close();
  }, [open]);
  return dialog;
}
