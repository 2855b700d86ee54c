import { Spinner } from '../../components/ui/spinner.tsx';

/** Shown on the very first load while the matched route's code is still downloading. */
export function RouteFallback() {
  return (
    <div className="flex min-h-dvh items-center justify-center text-brand-600">
      <Spinner label="Loading Ajo" className="size-8" />
    </div>
  );
}
