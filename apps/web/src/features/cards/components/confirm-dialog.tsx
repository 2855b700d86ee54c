import { useId, type ReactNode } from 'react';
import { Button } from '../../../components/ui/button.tsx';
import { FormErrorBanner } from '../../../components/ui/form-error-banner.tsx';
import { ModalDialog } from '../../../components/ui/modal-dialog.tsx';

/**
 * A question before an action on the card (freeze, unfreeze, terminate): what will happen, and
 * a button that says it. The dialog stays while the request is on its way and shows its failure.
 */
export function ConfirmDialog({
  open,
  icon,
  title,
  children,
  confirmLabel,
  danger = false,
  isPending,
  failure,
  onConfirm,
  onClose,
  onClosed,
}: {
  open: boolean;
  icon: ReactNode;
  title: string;
  children: ReactNode;
  confirmLabel: string;
  danger?: boolean;
  isPending: boolean;
  failure: string | undefined;
  onConfirm: () => void;
  onClose: () => void;
  onClosed?: () => void;
}) {
  const headingId = useId();
  const describedId = useId();
  return (
    <ModalDialog
      open={open}
      onRequestClose={() => {
        if (!isPending) onClose();
      }}
      {...(onClosed ? { onClosed } : {})}
      labelledBy={headingId}
      describedBy={describedId}
    >
      <span
        className={
          danger
            ? 'flex size-12 items-center justify-center rounded-full bg-red-50 text-red-600'
            : 'flex size-12 items-center justify-center rounded-full bg-brand-50 text-brand-600'
        }
      >
        {icon}
      </span>
      <h2 id={headingId} className="mt-4 text-xl font-bold text-slate-900">
        {title}
      </h2>
      <div id={describedId} className="mt-2 space-y-2 text-sm leading-6 text-slate-600">
        {children}
      </div>
      <div className="mt-5">
        <FormErrorBanner message={failure} />
      </div>
      <div className="mt-5 flex flex-col gap-3">
        <Button
          size="lg"
          variant={danger ? 'danger' : 'primary'}
          isLoading={isPending}
          onClick={onConfirm}
          data-autofocus={danger ? undefined : true}
        >
          {confirmLabel}
        </Button>
        {/* A step that cannot be undone starts on Cancel, so Enter alone never takes it. */}
        <Button
          variant="ghost"
          disabled={isPending}
          onClick={onClose}
          data-autofocus={danger ? true : undefined}
        >
          Cancel
        </Button>
      </div>
    </ModalDialog>
  );
}
