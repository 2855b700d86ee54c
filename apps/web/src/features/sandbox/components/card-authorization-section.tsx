import { useState } from 'react';
import { Link } from 'react-router';
import type { Card, CardTransaction } from '@ajo/contracts/cards';
import { cardMessages } from '@ajo/contracts/cards';
import { currencyInputToMinor } from '@ajo/money/currency-input';
import { Button } from '../../../components/ui/button.tsx';
import { FormErrorBanner } from '../../../components/ui/form-error-banner.tsx';
import { TextField } from '../../../components/ui/text-field.tsx';
import { AmountInput } from '../../../components/wallet/amount-input.tsx';
import { classNames } from '../../../lib/class-names.ts';
import { useCurrentUser } from '../../../lib/current-user.ts';
import { formatMoneyText } from '../../../lib/money-text.ts';
import {
  useFinishAuthorization,
  usePendingAuthorizations,
  useSandboxCards,
  useSimulateCardCharge,
} from '../api/sandbox-card-authorizations.ts';

/** What the merchant asked for, without the sign the card's ledger gives money going out. */
function chargedText(transaction: CardTransaction): string {
  return formatMoneyText(
    (transaction.authorized_amount ?? transaction.amount).replace(/^-/, ''),
    'USD',
  );
}

/** What we answered the merchant: approved (held on the card) or declined, and why. */
function Decision({ approved, transaction }: { approved: boolean; transaction: CardTransaction }) {
  const amountText = chargedText(transaction);
  return (
    <p
      role="status"
      data-testid="card-charge-decision"
      className={classNames(
        'rounded-xl px-4 py-3 text-sm leading-6',
        approved ? 'bg-emerald-50 text-emerald-900' : 'bg-red-50 text-red-900',
      )}
    >
      <strong className="font-semibold">{approved ? 'Approved' : 'Declined'}</strong>
      {' · '}
      {transaction.merchant_name ?? 'Merchant'} {amountText}
      {approved
        ? ' is held on the card until the merchant settles or reverses it.'
        : `: ${transaction.decline_reason ?? 'the card could not pay.'}`}
    </p>
  );
}

function PendingRow({ transaction }: { transaction: CardTransaction }) {
  const finish = useFinishAuthorization();
  const [amountText, setAmountText] = useState('');
  const amountMinor = amountText === '' ? undefined : currencyInputToMinor(amountText);
  const badAmount = amountText !== '' && (amountMinor === null || amountMinor === 0n);
  return (
    <li className="space-y-3 py-4" data-testid="sandbox-pending-authorization">
      <div className="flex items-baseline justify-between gap-3">
        <p className="font-semibold text-slate-900">{transaction.merchant_name ?? 'Merchant'}</p>
        <p className="font-semibold text-slate-900 tabular-nums">{chargedText(transaction)}</p>
      </div>
      <div className="grid gap-3 sm:grid-cols-[1fr_auto_auto] sm:items-end">
        <AmountInput
          label="Settle a different amount (optional)"
          currencySymbol="$"
          placeholder="Authorised amount"
          value={amountText}
          onValueChange={setAmountText}
          error={badAmount ? cardMessages.notANumber : undefined}
        />
        <Button
          isLoading={finish.isPending && finish.variables.outcome === 'settle'}
          disabled={finish.isPending || badAmount}
          onClick={() => {
            finish.mutate({
              transactionId: transaction.id,
              outcome: 'settle',
              amountMinor: amountMinor ?? undefined,
            });
          }}
        >
          Settle
        </Button>
        <Button
          variant="secondary"
          isLoading={finish.isPending && finish.variables.outcome === 'reverse'}
          disabled={finish.isPending}
          onClick={() => {
            finish.mutate({ transactionId: transaction.id, outcome: 'reverse' });
          }}
        >
          Reverse
        </Button>
      </div>
      <FormErrorBanner message={finish.error?.message} />
    </li>
  );
}

function ChargeForm({ card }: { card: Card }) {
  const charge = useSimulateCardCharge();
  const pending = usePendingAuthorizations(card.id);
  const [merchant, setMerchant] = useState('');
  const [amountText, setAmountText] = useState('');
  const [checked, setChecked] = useState(false);
  const amountMinor = currencyInputToMinor(amountText);
  const merchantError = checked && merchant.trim() === '' ? cardMessages.badMerchant : undefined;
  const amountError =
    checked && (amountMinor === null || amountMinor === 0n)
      ? amountText === ''
        ? cardMessages.noAmount
        : cardMessages.notANumber
      : undefined;
  return (
    <>
      <p
        className="mt-4 rounded-xl bg-slate-50 px-4 py-3 text-sm text-slate-700"
        data-testid="sandbox-card-summary"
      >
        Card ending <span className="font-mono font-semibold text-slate-900">{card.last4}</span> ·{' '}
        {card.status === 'frozen' ? 'Frozen' : 'Active'} · available{' '}
        <span className="font-semibold text-slate-900 tabular-nums">
          {formatMoneyText(card.available_balance, 'USD')}
        </span>
      </p>
      <form
        noValidate
        aria-label="Charge the dollar card"
        className="mt-5 grid gap-3 sm:grid-cols-[1fr_1fr_auto] sm:items-start"
        onSubmit={(event) => {
          event.preventDefault();
          setChecked(true);
          if (merchant.trim() === '' || amountMinor === null || amountMinor === 0n) return;
          charge.mutate({ cardId: card.id, amountMinor, merchant: merchant.trim() });
        }}
      >
        <TextField
          label="Merchant"
          autoComplete="off"
          placeholder="e.g. Netflix"
          maxLength={80}
          value={merchant}
          error={merchantError}
          onChange={(event) => {
            setMerchant(event.target.value);
          }}
        />
        <AmountInput
          label="Amount"
          currencySymbol="$"
          placeholder="0.00"
          value={amountText}
          onValueChange={setAmountText}
          error={amountError}
        />
        <Button type="submit" isLoading={charge.isPending} className="sm:mt-7">
          Charge the card
        </Button>
      </form>
      <div className="mt-4 space-y-3">
        <FormErrorBanner message={charge.error?.message} />
        {charge.data ? <Decision {...charge.data} /> : null}
      </div>
      <h3 className="mt-6 text-sm font-semibold text-slate-900">Waiting for the merchant</h3>
      {pending.data && pending.data.length > 0 ? (
        <ul className="divide-y divide-slate-100">
          {pending.data.map((transaction) => (
            <PendingRow key={transaction.id} transaction={transaction} />
          ))}
        </ul>
      ) : (
        <p className="mt-1 text-sm text-slate-600">
          {pending.isPending ? 'Loading…' : 'No approved charges are waiting to settle.'}
        </p>
      )}
    </>
  );
}

/**
 * Sandbox only: a merchant charges the signed-in user's dollar card. The decision (approve when
 * funded and active; decline when frozen, terminated or short) is the app's, as with the real
 * issuer; an approved charge then waits for the merchant to settle or reverse it here.
 */
export function CardAuthorizationSection() {
  const { data: user } = useCurrentUser();
  const cards = useSandboxCards(Boolean(user));
  const card = cards.data?.find((candidate) => candidate.status !== 'terminated');
  return (
    <section
      aria-labelledby="card-charge-heading"
      className="rounded-2xl bg-white p-5 shadow-sm ring-1 ring-slate-900/5 sm:p-6"
    >
      <h2 id="card-charge-heading" className="text-lg font-semibold text-slate-900">
        Dollar card purchases
      </h2>
      <p className="mt-1 text-sm leading-6 text-slate-600">
        A merchant asks the card issuer to charge your virtual dollar card, and Ajo approves or
        declines it in real time. Approved charges wait here for the merchant to settle or reverse
        them.
      </p>
      {!user ? (
        <p className="mt-4 text-sm text-slate-700">
          <Link
            to="/login?redirect=/sandbox"
            className="rounded font-semibold text-brand-700 underline underline-offset-2"
          >
            Sign in
          </Link>{' '}
          to charge your dollar card.
        </p>
      ) : cards.isPending ? (
        <p className="mt-4 text-sm text-slate-600">Loading your card…</p>
      ) : cards.isError ? (
        <div className="mt-4">
          <FormErrorBanner message={cards.error.message} />
        </div>
      ) : card ? (
        <ChargeForm card={card} />
      ) : (
        <p className="mt-4 text-sm text-slate-700">
          You have no dollar card yet.{' '}
          <Link
            to="/dollar-cards"
            className="rounded font-semibold text-brand-700 underline underline-offset-2"
          >
            Create one
          </Link>{' '}
          first.
        </p>
      )}
    </section>
  );
}
