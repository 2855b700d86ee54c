import { useEffect, useState } from 'react';

/**
 * Runs `work` once the browser has nothing more urgent to do (at the latest after `timeoutMs`): for
 * requests a screen does not show at first (analytics, the notifications badge), so they do not
 * compete with the ones it does for the six connections and the main thread.
 */
export function whenIdle(work: () => void, timeoutMs = 2000): () => void {
  if (typeof window.requestIdleCallback === 'function') {
    const handle = window.requestIdleCallback(work, { timeout: timeoutMs });
    return () => {
      window.cancelIdleCallback(handle);
    };
  }
  const handle = window.setTimeout(work, 0);
  return () => {
    window.clearTimeout(handle);
  };
}

/** False until the browser was first idle after this component mounted, then true. */
export function useIdleReady(): boolean {
  const [ready, setReady] = useState(false);
  useEffect(
    () =>
      whenIdle(() => {
        setReady(true);
      }),
    [],
  );
  return ready;
}
