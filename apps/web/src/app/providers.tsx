import { QueryClientProvider, type QueryClient } from '@tanstack/react-query';
import { lazy, Suspense, type ReactNode } from 'react';
import { useAppToasterRequested } from '../lib/toaster-demand.ts';

const AppToaster = lazy(() => import('./app-toaster.tsx'));

/** Mounted once a screen that can toast has loaded (see lib/toaster-demand.ts). */
function ToasterOnDemand() {
  const requested = useAppToasterRequested();
  if (!requested) return null;
  return (
    <Suspense fallback={null}>
      <AppToaster />
    </Suspense>
  );
}

interface AppProvidersProps {
  /** Made in main.tsx, which starts asking for the current user before the first render. */
  queryClient: QueryClient;
  children: ReactNode;
}

export function AppProviders({ queryClient, children }: AppProvidersProps) {
  return (
    <QueryClientProvider client={queryClient}>
      {children}
      <ToasterOnDemand />
    </QueryClientProvider>
  );
}
