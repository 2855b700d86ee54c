import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect, useRef } from 'react';
import { Navigate, Outlet, useLocation, useSearchParams } from 'react-router';
import { recordPageView } from '../features/analytics/api/record-page-view.ts';
import {
  currentUserQueryKey,
  currentUserQueryOptions,
  safeRedirectPath,
  useCurrentUser,
} from '../lib/current-user.ts';
import { mayBeSignedIn } from '../lib/signed-in-hint.ts';
import { setUnauthorizedHandler } from '../lib/api-client.ts';
import { RouteFallback } from './routes/route-fallback.tsx';

/**
 * A 401 from any call means the session is over: forget the user and every cached answer. The
 * signed-in guard then sees no user and sends the visitor to /login.
 */
export function useEndSessionOnUnauthorized(): void {
  const queryClient = useQueryClient();
  useEffect(
    () =>
      setUnauthorizedHandler(() => {
        // Nobody was signed in (e.g. a wrong password on /login): there is nothing to end.
        if (!queryClient.getQueryData(currentUserQueryKey)) return;
        queryClient.removeQueries({
          predicate: (query) => query.queryKey[0] !== currentUserQueryKey[0],
        });
        queryClient.setQueryData(currentUserQueryKey, null);
      }),
    [queryClient],
  );
}

/** Every navigation, signed in or not, is counted (fire-and-forget). */
export function useRecordPageViews(): void {
  const { pathname } = useLocation();
  useEffect(() => {
    recordPageView(pathname);
  }, [pathname]);
}

/**
 * Signed-in routes: visitors go to /login?redirect=<path>; the profile reloads on every navigation
 * after the first signed-in page, whose profile was read for it a moment ago (at load or sign-in).
 */
export function RequireSession() {
  const location = useLocation();
  const queryClient = useQueryClient();
  const { data: user, isPending } = useCurrentUser();
  const signedIn = user !== null && user !== undefined;
  const path = `${location.pathname}${location.search}`;
  const firstSignedInPage = useRef<string | null>(null);

  useEffect(() => {
    if (!signedIn) return;
    firstSignedInPage.current ??= location.key;
    if (location.key === firstSignedInPage.current) return;
    void queryClient.invalidateQueries({ queryKey: currentUserQueryKey });
    // Runs once per navigation, not per refetch.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [location.key, signedIn]);

  if (isPending) return <RouteFallback />;
  if (!signedIn) return <Navigate to={`/login?redirect=${encodeURIComponent(path)}`} replace />;
  return <Outlet />;
}

/**
 * Public routes: a signed-in user goes to the redirect target, or Home. The page shows while the
 * answer is on its way (nearly everyone on these pages is signed out), so its first paint does not
 * wait for a round trip; a signed-in visitor is moved on when the answer lands. A browser known
 * to be signed out does not ask at all (lib/signed-in-hint.ts): no request, no 401 in the console.
 */
export function PublicOnly() {
  const [searchParams] = useSearchParams();
  const { data: user } = useQuery({ ...currentUserQueryOptions, enabled: mayBeSignedIn() });
  if (user) return <Navigate to={safeRedirectPath(searchParams.get('redirect'))} replace />;
  return <Outlet />;
}
