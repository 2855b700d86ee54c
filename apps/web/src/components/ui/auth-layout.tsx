import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { BrandLogo } from '../brand/brand-logo.tsx';

interface AuthLayoutProps {
  title: string;
  description?: ReactNode;
  children: ReactNode;
  footer?: ReactNode;
}

const highlights = [
  'Save daily, weekly or monthly towards your goals',
  'Invest in commodities, fixed income and real estate',
  'Pay bills and fund your wallet in naira',
];

/** The public screens' frame: a blue welcome panel on wide screens, the form card beside it. */
export function AuthLayout({ title, description, children, footer }: AuthLayoutProps) {
  return (
    <div className="min-h-dvh desktop:grid desktop:grid-cols-[minmax(0,5fr)_minmax(0,7fr)]">
      <aside className="hidden flex-col justify-between bg-brand-700 px-12 py-12 text-white desktop:flex">
        <Link to="/login" aria-label="Ajo sign in" className="self-start rounded-lg">
          <BrandLogo tone="onBrand" />
        </Link>
        <div>
          <p className="text-4xl leading-tight font-bold tracking-tight">
            Investment made easy, for every Nigerian.
          </p>
          <ul className="mt-8 space-y-3 text-brand-50">
            {highlights.map((highlight) => (
              <li key={highlight} className="flex items-start gap-3">
                <span
                  aria-hidden="true"
                  className="mt-2 size-2 shrink-0 rounded-full bg-accent-500"
                />
                {highlight}
              </li>
            ))}
          </ul>
        </div>
        <p className="text-sm text-brand-100">
          Save, invest and pay bills in naira, all in one place.
        </p>
      </aside>
      <main className="flex min-h-dvh flex-col items-center bg-linear-to-b from-brand-50 to-white px-4 py-8 sm:px-6 sm:py-12 desktop:justify-center desktop:bg-none desktop:bg-white">
        <div className="w-full max-w-md">
          <Link
            to="/login"
            aria-label="Ajo sign in"
            className="inline-flex rounded-lg desktop:hidden"
          >
            <BrandLogo />
          </Link>
          <div className="mt-8 rounded-2xl bg-white p-6 shadow-sm ring-1 ring-slate-900/5 sm:p-8 desktop:mt-0 desktop:p-0 desktop:shadow-none desktop:ring-0">
            <h1 className="text-2xl font-bold tracking-tight text-slate-900">{title}</h1>
            {description ? (
              <p className="mt-2 text-sm leading-6 text-slate-600">{description}</p>
            ) : null}
            <div className="mt-6">{children}</div>
          </div>
          {footer ? <div className="mt-6 text-center text-sm text-slate-600">{footer}</div> : null}
        </div>
      </main>
    </div>
  );
}
