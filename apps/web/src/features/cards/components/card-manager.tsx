import { useCallback, useState } from 'react';
import type { Card } from '@ajo/contracts/cards';
import { toast } from '../../../components/ui/toast.ts';
import { formatMoneyText, moneyTextToMinor } from '../../../lib/money-text.ts';
import { useSetCardFrozen } from '../api/freeze-card.ts';
import { useTerminateCard } from '../api/terminate-card.ts';
import { formatCardExpiry } from '../utils/card-display.ts';
import { revealDeadlineMs } from '../utils/card-reveal.ts';
import { CardActionBar } from './card-action-bar.tsx';
import { CardFace } from './card-face.tsx';
import { SnowflakeIcon, TrashIcon } from './card-icons.tsx';
import { CardInfo } from './card-info.tsx';
import { CardTransactions } from './card-transactions.tsx';
import { ConfirmDialog } from './confirm-dialog.tsx';
import { RevealDialog } from './reveal-dialog.tsx';
import { RevealedDetails, type ShownDetails } from './revealed-details.tsx';

type OpenDialog = 'freeze' | 'terminate' | 'reveal' | undefined;

function FrozenNotice() {
  return (
    <p
      className="flex items-start gap-3 rounded-xl bg-sky-50 px-4 py-3 text-sm leading-6 text-sky-950 ring-1 ring-sky-200 ring-inset"
      data-testid="card-frozen-notice"
    >
      <SnowflakeIcon className="mt-0.5 size-5 shrink-0 text-sky-700" />
      <span>
        <strong className="font-semibold">Your card is frozen.</strong> Every new charge is declined
        until you unfreeze it. Purchases already approved can still settle.
      </span>
    </p>
  );
}

function TerminateSection({ onTerminate }: { onTerminate: () => void }) {
  return (
    <section
      aria-labelledby="terminate-heading"
      className="flex flex-col gap-4 rounded-card border border-red-200 bg-white p-card sm:flex-row sm:items-center sm:justify-between"
    >
      <div>
        <h2 id="terminate-heading" className="text-base font-semibold text-slate-900">
          Close this card
        </h2>
        <p className="mt-1 text-sm leading-6 text-slate-600">
          The card stops working for good and its balance moves to your dollar wallet.
        </p>
      </div>
      <button
        type="button"
        onClick={onTerminate}
        className="inline-flex h-11 shrink-0 items-center justify-center gap-2 rounded-xl px-5 text-sm font-semibold text-red-700 ring-1 ring-red-300 ring-inset hover:bg-red-50 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-red-600"
      >
        <TrashIcon className="size-4" />
        Terminate card
      </button>
    </section>
  );
}

/**
 * The card in use: its face, the actions, its information and transactions, and closing it.
 * Freezing, unfreezing and closing each ask first; showing the details asks for the password.
 */
export function CardManager({ card }: { card: Card }) {
  const [dialog, setDialog] = useState<OpenDialog>();
  const [shown, setShown] = useState<ShownDetails | undefined>();
  const freeze = useSetCardFrozen();
  const terminate = useTerminateCard();
  const frozen = card.status === 'frozen';
  const hide = useCallback(() => {
    setShown(undefined);
  }, []);
  const close = () => {
    setDialog(undefined);
  };
  const balanceMinor = moneyTextToMinor(card.balance);

  return (
    <div className="grid gap-gutter desktop:grid-cols-[minmax(0,26rem)_minmax(0,1fr)] desktop:items-start">
      <div className="space-y-5">
        <CardFace card={card} {...(shown ? { revealedNumber: shown.number } : {})} />
        {frozen ? <FrozenNotice /> : null}
        <CardActionBar
          card={card}
          onToggleFreeze={() => {
            setDialog('freeze');
          }}
          onReveal={() => {
            if (shown) return;
            setDialog('reveal');
          }}
        />
        {shown ? (
          <RevealedDetails
            details={shown}
            expiry={formatCardExpiry(card.expiry_month, card.expiry_year)}
            onHide={hide}
          />
        ) : null}
        <CardInfo card={card} />
      </div>
      <div className="min-w-0 space-y-gutter">
        <CardTransactions cardId={card.id} />
        <TerminateSection
          onTerminate={() => {
            setDialog('terminate');
          }}
        />
      </div>

      <RevealDialog
        cardId={card.id}
        open={dialog === 'reveal'}
        onClose={close}
        onRevealed={(revealed, receivedAtMs) => {
          setShown({
            number: revealed.number,
            cvv: revealed.cvv,
            deadlineMs: revealDeadlineMs(revealed.expiresAt, receivedAtMs),
          });
        }}
      />
      <ConfirmDialog
        open={dialog === 'freeze'}
        icon={<SnowflakeIcon className="size-6" />}
        title={frozen ? 'Unfreeze your card?' : 'Freeze your card?'}
        confirmLabel={frozen ? 'Unfreeze card' : 'Freeze card'}
        isPending={freeze.isPending}
        failure={freeze.error?.message}
        onClose={close}
        onClosed={freeze.reset}
        onConfirm={() => {
          freeze.mutate(
            { cardId: card.id, frozen: !frozen },
            {
              onSuccess: (updated) => {
                close();
                toast.success(updated.status === 'frozen' ? 'Card frozen' : 'Card unfrozen');
              },
            },
          );
        }}
      >
        {frozen ? (
          <p>Your card will accept charges again, up to its available balance.</p>
        ) : (
          <>
            <p>Every new charge will be declined until you unfreeze it, so nobody can spend it.</p>
            <p>Your balance stays on the card. You can unfreeze it at any time.</p>
          </>
        )}
      </ConfirmDialog>
      <ConfirmDialog
        open={dialog === 'terminate'}
        danger
        icon={<TrashIcon className="size-6" />}
        title="Terminate this card?"
        confirmLabel="Terminate card"
        isPending={terminate.isPending}
        failure={terminate.error?.message}
        onClose={close}
        onClosed={terminate.reset}
        onConfirm={() => {
          terminate.mutate(card.id, {
            onSuccess: () => {
              close();
              setShown(undefined);
              toast.success(
                balanceMinor > 0n
                  ? `Card terminated. ${formatMoneyText(card.balance, 'USD')} is in your dollar wallet.`
                  : 'Card terminated.',
              );
            },
          });
        }}
      >
        <p>
          The card ending {card.last4} stops working for good: subscriptions and saved payments
          using it will fail. This cannot be undone.
        </p>
        <p>
          {balanceMinor > 0n ? (
            <>
              Its balance of{' '}
              <strong className="font-semibold text-slate-900">
                {formatMoneyText(card.balance, 'USD')}
              </strong>{' '}
              moves to your dollar wallet.
            </>
          ) : (
            'It holds no money, so nothing needs to move.'
          )}
        </p>
      </ConfirmDialog>
    </div>
  );
}
