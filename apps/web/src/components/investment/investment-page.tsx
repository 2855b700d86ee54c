import { Fragment, type ReactNode } from 'react';
import type { UseQueryResult } from '@tanstack/react-query';
import { formatMoney } from '@ajo/money/format';
import { classNames } from '../../lib/class-names.ts';
import { isRetryingRead, LoadFailed } from '../ui/load-failed.tsx';

/** A titled part of an investment page: the catalogue, or what the person holds. */
export interface InvestmentPageSection {
  /** The heading's id, which names the section for screen readers. */
  id: string;
  title: string;
  content: ReactNode;
}

function PageSection({ section, order }: { section: InvestmentPageSection; order: string }) {
  return (
    <section aria-labelledby={section.id} className={classNames('space-y-4', order)}>
      <h2 id={section.id} className="text-lg font-semibold text-slate-900">
        {section.title}
      </h2>
      {section.content}
    </section>
  );
}

/**
 * An investment page: its title with a line on what it is, the total card, the catalogue and
 * what the person holds, and the buy panel. Someone who holds something sees it first; someone
 * new sees what to buy first.
 */
export function InvestmentPage({
  title,
  description,
  totalCard,
  catalogue,
  holdings,
  holdingsFirst,
  buyPanel,
}: {
  /** The page's heading; the document title is "<title> · Ajo". */
  title: string;
  description: string;
  totalCard: ReactNode;
  catalogue: InvestmentPageSection;
  holdings: InvestmentPageSection;
  holdingsFirst: boolean;
  buyPanel: ReactNode;
}) {
  return (
    <>
      <title>{`${title} · Ajo`}</title>
      <div className="space-y-section">
        <div>
          <h2 className="text-2xl font-bold tracking-tight text-slate-900 sm:text-3xl">{title}</h2>
          <p className="mt-1 text-sm text-slate-600 sm:text-base">{description}</p>
        </div>
        {totalCard}
        <div className="flex flex-col gap-section">
          <PageSection section={catalogue} order={holdingsFirst ? 'order-2' : 'order-1'} />
          <PageSection section={holdings} order={holdingsFirst ? 'order-1' : 'order-2'} />
        </div>
      </div>
      {buyPanel}
    </>
  );
}

/** Each investment keeps its own colour on the total card. */
const totalCardTones = {
  brand: {
    card: 'rounded-card bg-gradient-to-br from-brand-600 to-brand-800 p-card text-white shadow-card',
    caption: 'mt-2 text-sm text-white/80',
  },
  accent: {
    card: 'rounded-card bg-gradient-to-br from-accent-600 to-accent-700 p-card text-white shadow-card',
    caption: 'mt-2 text-sm text-white/85',
  },
} as const;

/** The large figure at the top of an investment page, with a line under it. */
export function InvestmentTotalCard({
  headingId,
  heading,
  tone,
  isPending,
  totalMinor,
  totalTestId,
  caption,
  loadFailed = false,
}: {
  headingId: string;
  heading: string;
  tone: keyof typeof totalCardTones;
  /** While the holdings load, a placeholder stands in for the figure. */
  isPending: boolean;
  /** The holdings could not be read: no figure (₦0.00 would be untrue); the list says why. */
  loadFailed?: boolean;
  totalMinor: bigint;
  totalTestId: string;
  caption: string;
}) {
  const classes = totalCardTones[tone];
  return (
    <section aria-labelledby={headingId} className={classes.card}>
      <h2 id={headingId} className="text-sm font-medium text-white/80">
        {heading}
      </h2>
      {loadFailed ? (
        <p className="mt-2 text-xl font-semibold" data-testid={totalTestId}>
          Not available right now
        </p>
      ) : isPending ? (
        <span
          aria-hidden="true"
          className="mt-2 block h-10 w-40 animate-pulse rounded-lg bg-white/20"
        />
      ) : (
        <p
          className="mt-1 text-4xl font-bold tracking-tight tabular-nums"
          data-testid={totalTestId}
        >
          {formatMoney(totalMinor, 'NGN')}
        </p>
      )}
      <p className={classes.caption}>
        {loadFailed ? 'We could not load your holdings: try again below.' : caption}
      </p>
    </section>
  );
}

const catalogueGridClassNames = {
  3: 'grid gap-gutter sm:grid-cols-2 desktop:grid-cols-3',
  4: 'grid gap-gutter sm:grid-cols-2 desktop:grid-cols-4',
} as const;

/**
 * What can be bought, as a grid of cards: one row of skeleton cards while the catalogue loads,
 * what went wrong with Try again.
 */
export function CatalogueGrid<Item extends { id: string }>({
  catalogue,
  columns,
  skeletonCard,
  renderCard,
}: {
  catalogue: UseQueryResult<Item[]>;
  /** Cards in a row on a desktop. */
  columns: keyof typeof catalogueGridClassNames;
  skeletonCard: ReactNode;
  renderCard: (item: Item) => ReactNode;
}) {
  const gridClassName = catalogueGridClassNames[columns];
  if (catalogue.isError || isRetryingRead(catalogue)) {
    return <LoadFailed query={catalogue} />;
  }
  if (catalogue.isPending) {
    return (
      <div className={gridClassName}>
        {Array.from({ length: columns }, (_, index) => (
          <Fragment key={index}>{skeletonCard}</Fragment>
        ))}
      </div>
    );
  }
  return (
    <div className={gridClassName}>
      {catalogue.data.map((item) => (
        <Fragment key={item.id}>{renderCard(item)}</Fragment>
      ))}
    </div>
  );
}
