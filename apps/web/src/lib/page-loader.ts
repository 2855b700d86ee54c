import { useEffect, useSyncExternalStore } from 'react';

/*
 * The layout's page-loader flag (spec, application shell): while it is on, the signed-in layouts
 * cover the page with the full-page "Processing..." overlay. Anything that makes a person wait
 * for the whole page (not for one button) holds the flag; it is on while anyone holds it. The
 * shell also turns it on while a navigation waits for the next page's code (app/shell).
 */

let holders = 0;
const listeners = new Set<() => void>();

function notify(): void {
  for (const listener of listeners) listener();
}

/** Turns the flag on until the returned function is called (calling it twice is harmless). */
export function holdPageLoader(): () => void {
  holders += 1;
  notify();
  let released = false;
  return () => {
    if (released) return;
    released = true;
    holders -= 1;
    notify();
  };
}

function subscribe(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

/** Whether the page-loader flag is on now (outside React; components use the hook). */
export function isPageLoaderOn(): boolean {
  return holders > 0;
}

/** Whether the page-loader flag is on, re-rendering when it changes. */
export function usePageLoaderFlag(): boolean {
  return useSyncExternalStore(subscribe, isPageLoaderOn, isPageLoaderOn);
}

/** Holds the flag while `busy` is true, e.g. `usePageLoaderWhile(mutation.isPending)`. */
export function usePageLoaderWhile(busy: boolean): void {
  useEffect(() => (busy ? holdPageLoader() : undefined), [busy]);
}
