import type { ReactNode } from 'react';
import { classNames } from '../../lib/class-names.ts';

interface EmptyStateProps {
  title: string;
  description?: ReactNode;
  icon?: ReactNode;
  action?: ReactNode;
  headingLevel?: 2 | 3;
  className?: string;
}

export function EmptyState({
  title,
  description,
  icon,
  action,
  headingLevel = 2,
  className,
}: EmptyStateProps) {
  const Heading = headingLevel === 2 ? 'h2' : 'h3';
  return (
    <section
      className={classNames(
        'flex flex-col items-center rounded-2xl border border-dashed border-slate-300 bg-white px-6 py-12 text-center sm:px-10 sm:py-16',
        className,
      )}
    >
      {icon === undefined ? null : (
        <div className="mb-5 flex size-14 items-center justify-center rounded-full bg-brand-50 text-brand-600">
          {icon}
        </div>
      )}
      <Heading className="text-lg font-semibold text-slate-900">{title}</Heading>
      {description === undefined ? null : (
        <p className="mt-2 max-w-md text-sm leading-6 text-slate-600">{description}</p>
      )}
      {action === undefined ? null : <div className="mt-6">{action}</div>}
    </section>
  );
}
