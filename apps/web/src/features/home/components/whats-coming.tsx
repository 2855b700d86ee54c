import type { ComponentType } from 'react';
import { CardIcon } from '../../../components/ui/icons.tsx';

interface ComingFeature {
  title: string;
  description: string;
  icon: ComponentType<{ className?: string }>;
}

/**
 * The sections still being built, in one card instead of a "Coming soon" box each. When one
 * ships, its line goes and its own summary takes the slot above the activity on Home.
 */
const comingFeatures: ComingFeature[] = [
  {
    title: 'Virtual dollar card',
    description: 'A card for paying online in dollars.',
    icon: CardIcon,
  },
];

export function WhatsComing() {
  return (
    <section
      aria-labelledby="whats-coming-heading"
      className="rounded-card bg-white p-card shadow-card ring-1 ring-slate-900/5"
    >
      <div className="flex items-center justify-between gap-3">
        <h2 id="whats-coming-heading" className="text-lg font-semibold text-slate-900">
          What&apos;s coming
        </h2>
        <span className="rounded-full bg-sun-100 px-2.5 py-0.5 text-xs font-semibold text-sun-900">
          In the works
        </span>
      </div>
      <p className="mt-1 text-sm text-slate-600">
        We are building this next. It opens here when it is ready.
      </p>
      <ul className="mt-5 grid gap-x-gutter gap-y-4 sm:grid-cols-2 xl:grid-cols-4">
        {comingFeatures.map((feature) => {
          const Icon = feature.icon;
          return (
            <li key={feature.title} className="flex items-start gap-3">
              <span className="flex size-10 shrink-0 items-center justify-center rounded-xl bg-brand-50 text-brand-700">
                <Icon className="size-5" />
              </span>
              <div className="min-w-0">
                <p className="font-semibold text-slate-900">{feature.title}</p>
                <p className="text-sm leading-6 text-slate-600">{feature.description}</p>
              </div>
            </li>
          );
        })}
      </ul>
    </section>
  );
}
