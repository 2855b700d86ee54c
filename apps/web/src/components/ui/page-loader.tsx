import { Spinner } from './spinner.tsx';

interface PageLoaderProps {
  label?: string;
}

/** The full-page "Processing..." overlay shown while the layout's page-loader flag is on. */
export function PageLoader({ label = 'Processing...' }: PageLoaderProps) {
  return (
    <div
      role="status"
      aria-live="polite"
      className="fixed inset-0 z-50 flex items-center justify-center bg-slate-950/40 px-6 backdrop-blur-sm"
    >
      <div className="flex items-center gap-3 rounded-2xl bg-white px-6 py-4 shadow-xl ring-1 ring-slate-900/5">
        <Spinner className="size-6 text-brand-600" />
        <p className="text-sm font-semibold text-slate-800">{label}</p>
      </div>
    </div>
  );
}
