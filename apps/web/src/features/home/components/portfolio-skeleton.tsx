/** The loaded card's own shapes, so nothing below moves when it arrives. */
export function PortfolioSkeleton() {
  return (
    <section
      aria-label="Your portfolio"
      aria-busy="true"
      className="rounded-card bg-white p-card shadow-card ring-1 ring-slate-900/5 sm:p-8"
    >
      <div className="grid gap-8 lg:grid-cols-[minmax(0,5fr)_minmax(0,7fr)] lg:gap-12">
        <div aria-hidden="true">
          <span className="block h-5 w-32 animate-pulse rounded bg-slate-100" />
          <span className="mt-2 block h-10 w-56 max-w-full animate-pulse rounded-lg bg-slate-100" />
          <span className="mt-3 block h-6 w-40 animate-pulse rounded-full bg-slate-100" />
          <span className="mt-6 block h-3 w-full animate-pulse rounded-full bg-slate-100" />
          <span className="mt-5 block h-24 w-full animate-pulse rounded-lg bg-slate-100" />
        </div>
        <div aria-hidden="true" className="h-72 animate-pulse rounded-xl bg-slate-100" />
      </div>
    </section>
  );
}
