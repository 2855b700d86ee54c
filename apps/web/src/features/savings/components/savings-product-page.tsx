import type { ReactNode } from 'react';
import { SavingsBackLink } from './savings-back-link.tsx';

/**
 * The frame of one product's page (Fixed, Target, Dollar): the way back to all plans, the
 * product's name and promise, its balance card beside a side card, then the page's own sections.
 */
export function SavingsProductPage({
  documentTitle,
  heading,
  intro,
  balanceCard,
  sideCard,
  children,
}: {
  documentTitle: string;
  heading: string;
  intro: string;
  balanceCard: ReactNode;
  /** Beside the balance card on wide screens, below it on narrow ones. */
  sideCard: ReactNode;
  children: ReactNode;
}) {
  return (
    <>
      <title>{documentTitle}</title>
      <div className="space-y-section">
        <div>
          <SavingsBackLink to="/savings" label="Savings plans" />
          <h2 className="mt-2 text-2xl font-bold tracking-tight text-slate-900 sm:text-3xl">
            {heading}
          </h2>
          <p className="mt-1 text-sm text-slate-600 sm:text-base">{intro}</p>
        </div>
        <div className="grid gap-gutter desktop:grid-cols-3">
          <div className="min-w-0 desktop:col-span-2">{balanceCard}</div>
          {sideCard}
        </div>
        {children}
      </div>
    </>
  );
}
