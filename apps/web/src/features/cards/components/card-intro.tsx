import { Link, useLocation } from 'react-router';
import type { CardTerms } from '@ajo/contracts/cards';
import { AccountLevelCard } from '../../../components/account/account-level-card.tsx';
import { AlertIcon } from '../../../components/ui/icons.tsx';
import { buttonClassName } from '../../../components/ui/button-class-name.ts';
import { CheckIcon } from '../../../components/wallet/wallet-icons.tsx';
import { formatMoneyText } from '../../../lib/money-text.ts';
import { cardPanelSearch } from '../utils/card-panels.ts';
import { formatNairaRate } from '../../../lib/quotes.ts';
import { CardBrandMark } from './card-brand-mark.tsx';
import { GlobeIcon, SnowflakeIcon } from './card-icons.tsx';

const benefits = [
  {
    title: 'Pay in dollars online',
    body: 'Subscriptions, shopping, ads and app stores that do not take naira cards.',
  },
  {
    title: 'Fund from your naira wallet',
    body: 'See the rate and every fee before any money moves.',
  },
  {
    title: 'Stay in control',
    body: 'Freeze it in a tap, see every charge and every declined attempt with the reason.',
  },
];

/** A sample of the card, so the person sees what they are about to get. */
function SampleCard() {
  return (
    <div
      aria-hidden="true"
      className="relative isolate mx-auto flex aspect-[1.586] w-full max-w-[22rem] -rotate-3 flex-col justify-between overflow-hidden rounded-3xl bg-linear-to-br from-brand-600 via-brand-800 to-brand-950 p-5 text-white shadow-2xl shadow-brand-900/30"
    >
      <span className="pointer-events-none absolute -top-20 -right-14 -z-10 size-56 rounded-full bg-white/10" />
      <div className="flex items-center justify-between">
        <span className="text-sm font-semibold">Ajo Dollar Card</span>
        <GlobeIcon className="size-5 text-white/70" />
      </div>
      <p className="font-mono text-lg tracking-[0.12em]">•••• •••• •••• 0000</p>
      <div className="flex items-end justify-between">
        <span className="text-xs tracking-wide text-white/70 uppercase">Your name</span>
        <CardBrandMark brand="Visa" />
      </div>
    </div>
  );
}

function TermsList({ terms }: { terms: CardTerms }) {
  const rows = [
    {
      label: 'Card creation fee',
      value: formatMoneyText(terms.creation_fee, 'USD'),
      testId: 'terms-fee',
    },
    {
      label: "Today's rate",
      value: `${formatNairaRate(terms.rate.buy)} / $1`,
      testId: 'terms-rate',
    },
    {
      label: 'Minimum funding',
      value: formatMoneyText(terms.minimum_funding, 'USD'),
      testId: 'terms-minimum',
    },
    {
      label: 'Maximum balance',
      value: formatMoneyText(terms.maximum_balance, 'USD'),
      testId: 'terms-maximum',
    },
  ];
  return (
    <dl className="grid grid-cols-2 gap-3">
      {rows.map((row) => (
        <div key={row.label} className="rounded-xl bg-slate-50 px-3.5 py-3 ring-1 ring-slate-900/5">
          <dt className="text-xs text-slate-500">{row.label}</dt>
          <dd className="mt-0.5 font-semibold text-slate-900 tabular-nums" data-testid={row.testId}>
            {row.value}
          </dd>
        </div>
      ))}
    </dl>
  );
}

/**
 * The page before the first card: what the card is for, what it costs and today's rate, and
 * Create, or why the person cannot create one yet with the step that gets them there.
 */
export function CardIntro({ terms, hadCard }: { terms: CardTerms; hadCard: boolean }) {
  const { search } = useLocation();
  return (
    <div className="space-y-section">
      <section
        aria-labelledby="card-intro-heading"
        className="grid items-center gap-8 overflow-hidden rounded-card bg-white p-6 shadow-card ring-1 ring-slate-900/5 sm:p-8 desktop:grid-cols-[1fr_minmax(18rem,24rem)] desktop:gap-12"
      >
        <div className="order-2 desktop:order-1">
          <p className="text-sm font-semibold text-brand-700">Virtual USD card</p>
          <h2
            id="card-intro-heading"
            className="mt-1 text-2xl font-bold tracking-tight text-slate-900 sm:text-3xl"
          >
            {hadCard ? 'Get a new dollar card' : 'Spend in dollars, anywhere online'}
          </h2>
          <ul className="mt-5 space-y-3">
            {benefits.map((benefit) => (
              <li key={benefit.title} className="flex gap-3">
                <span className="mt-0.5 flex size-6 shrink-0 items-center justify-center rounded-full bg-accent-50 text-accent-600">
                  <CheckIcon className="size-3.5" />
                </span>
                <p className="text-sm leading-6 text-slate-600">
                  <span className="font-semibold text-slate-900">{benefit.title}. </span>
                  {benefit.body}
                </p>
              </li>
            ))}
          </ul>
          <div className="mt-6">
            <TermsList terms={terms} />
          </div>
          {terms.can_create ? (
            <Link
              to={{ search: cardPanelSearch(search, 'create') }}
              className={buttonClassName('primary', 'lg', 'mt-6 w-full sm:w-auto')}
            >
              Create my dollar card
            </Link>
          ) : (
            <div
              className="mt-6 flex items-start gap-3 rounded-xl border border-amber-300 bg-amber-50 px-4 py-3 text-sm leading-6 text-amber-950"
              data-testid="card-cannot-create"
            >
              <AlertIcon className="mt-0.5 size-5 shrink-0 text-amber-700" />
              <p>
                <strong className="block font-semibold">You cannot create a card yet</strong>
                {terms.cannot_create_reason ?? 'Verify your identity to create a dollar card.'}
              </p>
            </div>
          )}
        </div>
        <div className="order-1 py-2 desktop:order-2">
          <SampleCard />
          <p className="mt-5 flex items-center justify-center gap-1.5 text-xs text-slate-500">
            <SnowflakeIcon className="size-3.5" />
            Freeze or close it whenever you like
          </p>
        </div>
      </section>
      {terms.can_create ? null : <AccountLevelCard />}
    </div>
  );
}
