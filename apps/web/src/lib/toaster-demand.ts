import { useSyncExternalStore } from 'react';

/*
 * Whether a screen that can show toasts has been loaded. The app's toaster (and sonner with it)
 * is mounted only from then on, so a first visit to /login, which never toasts, does not
 * download it (QUALITY.md: ≤ 120 kB of JavaScript). sonner replays toasts raised before its
 * toaster subscribed, so none is lost to the short wait.
 */

let requested = false;
const listeners = new Set<() => void>();

export function requestAppToaster(): void {
  if (requested) return;
  requested = true;
  for (const listener of listeners) listener();
}

function subscribe(listener: () => void): () => void {
  listeners.add(listener);
  return () => {
    listeners.delete(listener);
  };
}

export function useAppToasterRequested(): boolean {
  return useSyncExternalStore(subscribe, () => requested);
}
