import { QueryClientProvider } from '@tanstack/react-query';
import { lazy, Suspense, useState, type ReactNode } from 'react';
import { useAppToasterRequested } from '../lib/toaster-demand.ts';
import { createQueryClient } from './query-client.ts';

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
  children: ReactNode;
}

export function AppProviders({ children }: AppProvidersProps) {
  const [queryClient] = useState(createQueryClient);
  return (
    <QueryClientProvider client={queryClient}>
      {children}
      <ToasterOnDemand />
    </QueryClientProvider>
  );
}
