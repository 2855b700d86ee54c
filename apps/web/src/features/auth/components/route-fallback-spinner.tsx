import { Spinner } from '../../../components/ui/spinner.tsx';

export function RouteFallbackSpinner() {
  return (
    <main className="flex min-h-dvh items-center justify-center text-brand-600">
      <title>Signing out · Ajo</title>
      <Spinner label="Signing out" className="size-8" />
    </main>
  );
}
