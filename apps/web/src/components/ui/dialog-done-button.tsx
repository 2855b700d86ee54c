import { useEffect, useRef } from 'react';
import { Button } from './button.tsx';

/**
 * Done, focused when a result replaces a dialog's confirmation (whose buttons have gone, so focus
 * would otherwise fall to the page). The result opens at its top, where it says what happened:
 * on a phone a result can be taller than the sheet, and focusing Done at its foot would scroll
 * the status, the amount and the close button out of sight.
 */
export function DialogDoneButton({ onClick }: { onClick: () => void }) {
  const ref = useRef<HTMLDivElement>(null);
  useEffect(() => {
    ref.current?.closest('dialog')?.scrollTo({ top: 0 });
    ref.current?.querySelector('button')?.focus({ preventScroll: true });
  }, []);
  return (
    <div ref={ref}>
      <Button size="lg" className="w-full" onClick={onClick}>
        Done
      </Button>
    </div>
  );
}
