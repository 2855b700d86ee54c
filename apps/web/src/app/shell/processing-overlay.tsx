import { useEffect, useState } from 'react';
import { useNavigation } from 'react-router';
import { PageLoader } from '../../components/ui/page-loader.tsx';
import { usePageLoaderFlag } from '../../lib/page-loader.ts';

/**
 * A navigation that finishes within this time shows no overlay: flashing "Processing..." over a
 * page that is about to change anyway would only distract.
 */
export const SLOW_NAVIGATION_MS = 400;

/** True once `active` has held for `delayMs`; false again as soon as it stops. */
function useHeldFor(active: boolean, delayMs: number): boolean {
  const [held, setHeld] = useState(false);
  useEffect(() => {
    if (!active) return undefined;
    const timer = window.setTimeout(() => {
      setHeld(true);
    }, delayMs);
    return () => {
      window.clearTimeout(timer);
      setHeld(false);
    };
  }, [active, delayMs]);
  return active && held;
}

/**
 * The spec's full-page "Processing..." overlay, shown while the layout's page-loader flag is on:
 * while something holds the flag (lib/page-loader.ts), or while a navigation has waited longer
 * than `SLOW_NAVIGATION_MS` for the next page's code on a slow connection.
 */
export function ProcessingOverlay() {
  const flag = usePageLoaderFlag();
  const navigation = useNavigation();
  const slowNavigation = useHeldFor(navigation.state === 'loading', SLOW_NAVIGATION_MS);
  if (!flag && !slowNavigation) return null;
  return <PageLoader />;
}
