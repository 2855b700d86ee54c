import { useId, useState, type ReactNode } from 'react';
import { opsMessages } from '@ajo/contracts/ops';
import { Button } from '../../../components/ui/button.tsx';
import { FormErrorBanner } from '../../../components/ui/form-error-banner.tsx';
import { ModalDialog } from '../../../components/ui/modal-dialog.tsx';

/**
 * Every console decision asks for a reason (it goes into the audit log, and where the screen says
 * so, to the customer): a dialog naming what is about to happen, the reason, and one confirm.
 */
export function ReasonDialog({
  open,
  title,
  summary,
  confirmLabel,
  tone = 'primary',
  reasonLabel = 'Reason',
  isPending,
  error,
  onConfirm,
  onClose,
}: {
  open: boolean;
  title: string;
  summary: ReactNode;
  confirmLabel: string;
  tone?: 'primary' | 'danger';
  reasonLabel?: string;
  isPending: boolean;
  error: string | null;
  onConfirm: (reason: string) => void;
  onClose: () => void;
}) {
  const headingId = useId();
  const fieldId = useId();
  const [reason, setReason] = useState('');
  const [fieldError, setFieldError] = useState<string | null>(null);
  return (
    <ModalDialog open={open} onRequestClose={onClose} labelledBy={headingId}>
      <form
        noValidate
        className="space-y-4 p-6"
        onSubmit={(event) => {
          event.preventDefault();
          if (reason.trim().length < 5) {
            setFieldError(opsMessages.badReason);
            return;
          }
          onConfirm(reason.trim());
        }}
      >
        <h2 id={headingId} className="text-lg font-semibold text-slate-900">
          {title}
        </h2>
        <div className="text-sm text-slate-700">{summary}</div>
        <FormErrorBanner message={error} />
        <div>
          <label htmlFor={fieldId} className="block text-sm font-medium text-slate-700">
            {reasonLabel}
          </label>
          <textarea
            id={fieldId}
            rows={3}
            value={reason}
            aria-invalid={fieldError ? true : undefined}
            aria-describedby={fieldError ? `${fieldId}-hint ${fieldId}-error` : `${fieldId}-hint`}
            onChange={(event) => {
              setReason(event.target.value);
              setFieldError(null);
            }}
            className="mt-1.5 w-full rounded-xl px-3.5 py-2.5 text-sm ring-1 ring-slate-300 ring-inset focus:ring-2 focus:ring-brand-600 focus:outline-none"
          />
          <p id={`${fieldId}-hint`} className="mt-1.5 text-xs text-slate-500">
            Kept in the audit log for good: say what you checked and why, without the customer’s
            name, phone, email or BVN.
          </p>
          {fieldError ? (
            <p id={`${fieldId}-error`} className="mt-1.5 text-sm text-red-600">
              {fieldError}
            </p>
          ) : null}
        </div>
        <div className="flex flex-col-reverse gap-3 sm:flex-row sm:justify-end">
          <Button variant="secondary" onClick={onClose}>
            Cancel
          </Button>
          <Button type="submit" variant={tone} isLoading={isPending}>
            {confirmLabel}
          </Button>
        </div>
      </form>
    </ModalDialog>
  );
}
