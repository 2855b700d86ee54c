import { BrandLogo } from '../../components/brand/brand-logo.tsx';
import { ButtonLink } from '../../components/ui/button.tsx';
import { HomeIcon } from '../../components/ui/icons.tsx';
import { documentTitle } from '../route-handle.ts';

/** Shown at /error/404 and for any unknown path, on its own without the top bar or sidebar. */
export function NotFoundPage() {
  return (
    <main className="flex min-h-dvh flex-col items-center justify-center bg-linear-to-b from-brand-50 via-white to-white px-6 py-16 text-center">
      <title>{documentTitle('Page not found')}</title>
      <BrandLogo />
      <p
        aria-hidden="true"
        className="mt-12 text-8xl leading-none font-extrabold tracking-tight text-brand-600 sm:text-9xl"
      >
        404
      </p>
      <h1 className="mt-6 text-2xl font-bold tracking-tight text-slate-900 sm:text-3xl">
        Page not found
      </h1>
      <p className="mt-3 max-w-md text-base leading-7 text-slate-600">
        The page you are looking for does not exist or may have been moved.
      </p>
      <ButtonLink to="/" size="lg" className="mt-10 w-full max-w-xs sm:w-auto">
        <HomeIcon />
        Back to Home
      </ButtonLink>
    </main>
  );
}
