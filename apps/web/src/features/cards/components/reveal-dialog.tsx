import { useId, useState } from 'react';
import { cardMessages } from '@ajo/contracts/cards';
import { PinConfirmField, usePinConfirm } from '../../../components/pin/pin-confirm.tsx';
import { Button } from '../../../components/ui/button.tsx';
import { FormErrorBanner } from '../../../components/ui/form-error-banner.tsx';
import { isApiError } from '../../../lib/api-client.ts';
import { ModalDialog } from '../../../components/ui/modal-dialog.tsx';
import { TextField } from '../../../components/ui/text-field.tsx';
import { ShieldIcon } from '../../../components/wallet/wallet-icons.tsx';
import { useRevealCard, type RevealedCard } from '../api/reveal-card.ts';

/**
 * Showing the full number and CVV asks for the password again, every time. The details come
 * straight from the card issuer's vault and are handed to the page, never stored.
 */
export function RevealDialog({
  cardId,
  open,
  onClose,
  onRevealed,
}: {
  cardId: string;
  open: boolean;
  onClose: () => void;
  onRevealed: (revealed: RevealedCard, receivedAtMs: number) => void;
}) {
  const headingId = useId();
  const describedId = useId();
  const reveal = useRevealCard();
  const pin = usePinConfirm();
  const [password, setPassword] = useState('');
  const [checked, setChecked] = useState(false);
  const missing = checked && password === '' ? cardMessages.badPassword : undefined;
  const serverFieldError = isApiError(reveal.error)
    ? reveal.error.errors.find((error) => error.path === 'password')?.message
    : undefined;
  return (
    <ModalDialog
      open={open}
      onRequestClose={() => {
        if (!reveal.isPending) onClose();
      }}
      onClosed={() => {
        setPassword('');
        setChecked(false);
        pin.setPin('');
        reveal.reset();
      }}
      labelledBy={headingId}
      describedBy={describedId}
      closeLabel="Close"
    >
      <span className="flex size-12 items-center justify-center rounded-full bg-brand-50 text-brand-600">
        <ShieldIcon className="size-6" />
      </span>
      <h2 id={headingId} className="mt-4 text-xl font-bold text-slate-900">
        Show card details
      </h2>
      <p id={describedId} className="mt-2 text-sm leading-6 text-slate-600">
        Enter your password and transaction PIN to see the full card number and CVV. They hide again
        by themselves after a short while. Never share them with anyone who calls or messages you.
      </p>
      <form
        noValidate
        aria-label="Confirm with your password"
        className="mt-6 space-y-5"
        onSubmit={(event) => {
          event.preventDefault();
          setChecked(true);
          if (password === '') return;
          pin.confirm((value) => {
            reveal.mutate(
              { cardId, password, pin: value },
              {
                onSuccess: (revealed) => {
                  onRevealed(revealed, Date.now());
                  reveal.reset();
                  onClose();
                },
                onError: pin.onError,
              },
            );
          });
        }}
      >
        <TextField
          label="Password"
          type="password"
          autoComplete="current-password"
          value={password}
          error={missing ?? serverFieldError}
          onChange={(event) => {
            setPassword(event.target.value);
          }}
        />
        <PinConfirmField pin={pin} disabled={reveal.isPending} autoFocus={false} />
        {serverFieldError ? null : <FormErrorBanner message={pin.otherError(reveal.error)} />}
        <div className="flex flex-col gap-3">
          <Button type="submit" size="lg" isLoading={reveal.isPending} disabled={!pin.isSet}>
            Show details
          </Button>
          <Button variant="ghost" disabled={reveal.isPending} onClick={onClose}>
            Cancel
          </Button>
        </div>
      </form>
    </ModalDialog>
  );
}
