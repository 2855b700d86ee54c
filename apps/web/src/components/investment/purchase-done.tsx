import type { ReactNode } from 'react';
import { Button } from '../ui/button.tsx';

/** The last step of a purchase: a tick, what the server recorded, and Done (which closes). */
export function PurchaseDone({
  title,
  summary,
  children,
  onDone,
}: {
  title: string;
  /** The lines under the title. */
  summary: ReactNode;
  /** Details between the summary and Done, if any. */
  children?: ReactNode;
  onDone: () => void;
}) {
  return (
    <div className="space-y-5 text-center" role="status">
      <span className="mx-auto flex size-14 items-center justify-center rounded-full bg-accent-50 text-2xl text-accent-600">
        ✓
      </span>
      <div>
        <p className="text-lg font-semibold text-slate-900">{title}</p>
        {summary}
      </div>
      {children}
      <Button size="lg" className="w-full" onClick={onDone}>
        Done
      </Button>
    </div>
  );
}
