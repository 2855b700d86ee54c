import { BrandLogo } from '../../components/brand/brand-logo.tsx';
import { Button, ButtonLink } from '../../components/ui/button.tsx';
import { documentTitle } from '../route-handle.ts';

function reloadPage() {
  window.location.reload();
}

/**
 * The last line of defence when a page fails to render or its code cannot be downloaded (for
 * example after a new release replaced the old chunks); reloading fetches the current build.
 */
export function RouteErrorPage() {
  return (
    <main className="flex min-h-dvh flex-col items-center justify-center px-6 py-16 text-center">
      <title>{documentTitle('Something went wrong')}</title>
      <BrandLogo />
      <h1 className="mt-10 text-2xl font-bold tracking-tight text-slate-900 sm:text-3xl">
        Something went wrong
      </h1>
      <p className="mt-3 max-w-md text-base leading-7 text-slate-600">
        This page could not be shown. Reload to try again; your money and data are safe.
      </p>
      <div className="mt-10 flex w-full max-w-xs flex-col gap-3 sm:max-w-none sm:flex-row sm:justify-center">
        <Button size="lg" onClick={reloadPage}>
          Reload page
        </Button>
        <ButtonLink to="/" variant="secondary" size="lg">
          Back to Home
        </ButtonLink>
      </div>
    </main>
  );
}
