import { useLocation } from 'react-router';
import { BrandLogo } from '../../components/brand/brand-logo.tsx';
import { ButtonLink } from '../../components/ui/button.tsx';
import { EmptyState } from '../../components/ui/empty-state.tsx';
import { ClockIcon } from '../../components/ui/icons.tsx';
import { documentTitle, useHasTopBar, useRouteTitle } from '../route-handle.ts';

/**
 * Stands in for a screen that is not built yet: it says so plainly instead of showing fake data.
 * Each feature replaces its routes' `lazy` import with its own page.
 */
export function PlaceholderPage() {
  const title = useRouteTitle();
  const hasTopBar = useHasTopBar();
  const isHome = useLocation().pathname === '/';

  const emptyState = (
    <EmptyState
      icon={<ClockIcon className="size-7" />}
      title="Coming soon"
      description={
        isHome
          ? 'Your home screen is still being built. It will appear here as soon as it is ready.'
          : 'This page is still being built. It will appear here as soon as it is ready.'
      }
      action={
        isHome ? undefined : (
          <ButtonLink to="/" variant="secondary">
            Back to Home
          </ButtonLink>
        )
      }
    />
  );

  if (hasTopBar) {
    return (
      <>
        <title>{documentTitle(title)}</title>
        {emptyState}
      </>
    );
  }

  return (
    <main className="mx-auto flex min-h-dvh w-full max-w-2xl flex-col px-4 py-8 sm:px-6 sm:py-12">
      <title>{documentTitle(title)}</title>
      <BrandLogo />
      <h1 className="mt-10 mb-6 text-2xl font-bold tracking-tight text-slate-900 sm:text-3xl">
        {title}
      </h1>
      {emptyState}
    </main>
  );
}
