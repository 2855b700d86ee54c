import type { HTMLAttributes, ReactNode, SyntheticEvent } from 'react';

/*
 * A <dialog>'s `close` event does not bubble in the DOM, but React hands it up the component
 * tree as if it did: closing a dialog opened inside a side panel (a confirmation, "Add another
 * account") ran the panel's own onClose too, and the panel shut with it. This boundary stops the
 * event at the inner dialog's edge. (The lasting fix belongs in SidePanel, which could close only
 * for its own dialog's event; until then, dialogs inside panels sit in one of these.)
 */
const stopClose = {
  onClose: (event: SyntheticEvent) => {
    event.stopPropagation();
  },
} as HTMLAttributes<HTMLDivElement>;

export function NestedDialogBoundary({ children }: { children: ReactNode }) {
  return (
    <div {...stopClose} className="contents">
      {children}
    </div>
  );
}
