import type { QueryClient } from '@tanstack/react-query';
import { useReadFailure } from '../../../components/ui/load-failed.tsx';
import { RetryButton } from '../../../components/ui/retry-button.tsx';
import { readFailureAdvice } from '../../../lib/read-failure.ts';
import { walletsQueryOptions } from '../../../lib/wallet-queries.ts';
import { cardTermsQueryOptions, useCardTerms } from '../api/get-card-terms.ts';
import { cardsQueryOptions, useCards } from '../api/get-cards.ts';
import { CardIntro } from '../components/card-intro.tsx';
import { CardManager } from '../components/card-manager.tsx';
import { CardMoneyPanel } from '../components/card-money-panel.tsx';
import { isCardInUse } from '../utils/card-display.ts';

/** What the page shows first, asked for by its route's loader while the user is on its way. */
export function prefetchDollarCardsData(queryClient: QueryClient) {
  return Promise.all([
    queryClient.query(cardsQueryOptions),
    queryClient.query(cardTermsQueryOptions),
    queryClient.query(walletsQueryOptions),
  ]);
}

function PageSkeleton() {
  return (
    <div
      aria-hidden="true"
      className="grid gap-gutter desktop:grid-cols-[minmax(0,26rem)_minmax(0,1fr)]"
    >
      <div className="space-y-5">
        <div className="aspect-[1.586] w-full max-w-[26rem] animate-pulse rounded-3xl bg-slate-200" />
        <div className="grid grid-cols-4 gap-3">
          {Array.from({ length: 4 }, (_, index) => (
            <span key={index} className="h-20 animate-pulse rounded-2xl bg-slate-100" />
          ))}
        </div>
      </div>
      <div className="h-80 animate-pulse rounded-card bg-white ring-1 ring-slate-900/5" />
    </div>
  );
}

function LoadFailure({ error, onRetry }: { error: Error | null; onRetry: () => Promise<unknown> }) {
  return (
    <div
      className="rounded-card bg-white p-card text-sm text-slate-700 shadow-card ring-1 ring-slate-900/5"
      data-testid="card-load-failure"
    >
      <p className="font-semibold text-slate-900">We could not load your dollar card.</p>
      <p className="mt-1">{readFailureAdvice(error)}</p>
      <RetryButton className="mt-4" onRetry={onRetry} />
    </div>
  );
}

/**
 * /dollar-cards: before the first card, what it is for, what it costs and Create; afterwards the
 * card itself with funding, withdrawing, freezing, the details on request and every transaction.
 */
export function DollarCardsPage() {
  const cards = useCards();
  const terms = useCardTerms();
  const cardsFailure = useReadFailure(cards);
  const termsFailure = useReadFailure(terms);
  const card = cards.data?.find(isCardInUse);
  const hadCard = (cards.data ?? []).length > 0;
  return (
    <>
      <title>Virtual dollar card · Ajo</title>
      <div className="space-y-section">
        <div>
          <h2 className="text-2xl font-bold tracking-tight text-slate-900 sm:text-3xl">
            Virtual Dollar Card
          </h2>
          <p className="mt-1 text-sm text-slate-600 sm:text-base">
            A USD card for paying online, funded from your naira wallet.
          </p>
        </div>
        {cardsFailure.shown || (termsFailure.shown && !card) ? (
          <LoadFailure
            // While Try again asks, neither holds an error: what they said last stays.
            error={cards.error ?? terms.error ?? cardsFailure.error ?? termsFailure.error}
            onRetry={() => Promise.all([cardsFailure.retry(), termsFailure.retry()])}
          />
        ) : cards.isPending || (terms.isPending && !card) ? (
          <PageSkeleton />
        ) : card ? (
          <CardManager card={card} />
        ) : terms.data ? (
          <CardIntro terms={terms.data} hadCard={hadCard} />
        ) : null}
      </div>
      <CardMoneyPanel purpose="create" terms={terms.data} />
      <CardMoneyPanel purpose="fund" terms={terms.data} card={card} />
      <CardMoneyPanel purpose="withdraw" terms={terms.data} card={card} />
    </>
  );
}
