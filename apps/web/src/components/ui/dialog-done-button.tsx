import { useEffect, useRef } from 'react';
import { Button } from './button.tsx';

/**
 * Done, focused when a result replaces a dialog's confirmation (whose buttons have gone, so focus
 * would otherwise fall to the page). The result opens at its top, where it says what happened:
 * on a phone a result can be taller than the sheet, and focusing Done at its foot would scroll
 * the status, the amount and the close button out of sight. Done stays in sight at the foot.
 */
export function DialogDoneButton({ onClick }: { onClick: () => void }) {
  const ref = useRef<HTMLDivElement>(null);
  useEffect(() => {
    ref.current?.closest('dialog')?.scrollTo({ top: 0 });
    ref.current?.querySelector('button')?.focus({ preventScroll: true });
  }, []);
  // Kept at the foot of the dialog while a tall result scrolls under it (the dialog's own
  // padding, modal-dialog.tsx, is matched so the white band spans its width).
  return (
    <div
      ref={ref}
      className="sticky bottom-0 -mx-5 bg-white px-5 pt-3 pb-[max(0.75rem,env(safe-area-inset-bottom))] shadow-[0_-12px_16px_-16px_rgb(15_23_42/0.35)] sm:-mx-8 sm:px-8"
    >
      <Button size="lg" className="w-full" onClick={onClick}>
        Done
      </Button>
    </div>
  );
}
