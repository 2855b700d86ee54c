import { useEffect, useRef } from 'react';

/**
 * A ref for a `<dialog>` that is shown as a modal while `open` is true and closed when it turns
 * false. `showModal()` gives focus trapping, Escape to close and an inert page behind it.
 */
export function useModalOpen(open: boolean) {
  const dialog = useRef<HTMLDialogElement>(null);
  useEffect(() => {
    const element = dialog.current;
    if (!element) return;
    if (open && !element.open) element.showModal();
    if (!open && element.open) element.close();
  }, [open]);
  return dialog;
}
