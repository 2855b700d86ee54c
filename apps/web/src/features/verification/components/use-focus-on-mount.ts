import { useEffect, useRef } from 'react';

/**
 * Moves focus to the element when it appears, so each step of a dialog starts where the person
 * acts next and screen readers read its heading. The first step of a dialog is focused by the
 * dialog itself once it opens (mark that element with `data-autofocus`).
 */
export function useFocusOnMount<T extends HTMLElement>() {
  const ref = useRef<T>(null);
  useEffect(() => {
    ref.current?.focus();
  }, []);
  return ref;
}
