import { ChallengeMedal } from './challenge-medal.tsx';

/** The challenge's banner, in the spec's words, with a podium of medals. */
export function ChallengeBanner() {
  return (
    <section
      aria-labelledby="challenge-banner-heading"
      className="relative overflow-hidden rounded-card bg-linear-to-br from-brand-700 via-brand-800 to-brand-950 p-6 text-white shadow-lg shadow-brand-900/10 sm:p-8"
    >
      <span
        aria-hidden="true"
        className="pointer-events-none absolute -top-20 -left-10 size-56 rounded-full bg-white/5"
      />
      <span
        aria-hidden="true"
        className="pointer-events-none absolute -right-16 -bottom-24 size-72 rounded-full bg-sun-300/10"
      />
      <div className="relative flex items-center justify-between gap-6">
        <div className="min-w-0">
          <p className="inline-flex rounded-full bg-white/10 px-3 py-1 text-xs font-semibold tracking-wide text-sun-200 uppercase ring-1 ring-white/15">
            Team challenge
          </p>
          <h2
            id="challenge-banner-heading"
            className="mt-3 text-2xl font-bold tracking-tight sm:text-3xl"
          >
            Olympic Investment Marathon!
          </h2>
          <p className="mt-2 max-w-md text-sm leading-6 text-brand-100 sm:text-base">
            Set weekly investment goals and earn digital medals.
          </p>
        </div>
        <div aria-hidden="true" className="hidden shrink-0 items-end gap-1 sm:flex">
          <ChallengeMedal state="earned" className="h-16 w-12 -rotate-12 opacity-90" />
          <ChallengeMedal state="earned" className="h-24 w-18" />
          <ChallengeMedal state="earned" className="h-16 w-12 rotate-12 opacity-90" />
        </div>
      </div>
    </section>
  );
}
