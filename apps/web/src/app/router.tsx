import { createBrowserRouter, Outlet, ScrollRestoration, type RouteObject } from 'react-router';
import { opsRoutes } from '../features/ops/ops-routes.tsx';
import { RouteFocus } from './route-focus.tsx';
import type { RouteHandle } from './route-handle.ts';
import { PublicOnly, useEndSessionOnUnauthorized, useRecordPageViews } from './session-guards.tsx';
import { RouteErrorPage } from './routes/route-error-page.tsx';
import { RouteFallback } from './routes/route-fallback.tsx';

/*
 * Every page and layout is loaded on demand (route-level `lazy`), so the first load of any one
 * screen downloads only that screen. The groups below follow the spec's route table: which
 * routes show the top bar and sidebar, which only the top bar, and which stand alone.
 */

const lazyNotFoundPage = {
  Component: async () => (await import('./routes/not-found.tsx')).NotFoundPage,
};

function RootLayout() {
  useEndSessionOnUnauthorized();
  useRecordPageViews();
  return (
    <>
      <Outlet />
      {/* After the page: its effects run once the page's own have placed focus, or not. */}
      <RouteFocus />
      <ScrollRestoration />
    </>
  );
}

export const routes: RouteObject[] = [
  {
    id: 'root',
    Component: RootLayout,
    HydrateFallback: RouteFallback,
    ErrorBoundary: RouteErrorPage,
    children: [
      // Public: no top bar, no sidebar; a signed-in user is sent on to Home.
      {
        id: 'public-only',
        Component: PublicOnly,
        children: [
          {
            path: 'login',
            handle: { title: 'Sign in' } satisfies RouteHandle,
            lazy: {
              Component: async () => (await import('../features/auth/routes/login.tsx')).LoginPage,
            },
          },
          {
            path: 'register',
            handle: { title: 'Create your account' } satisfies RouteHandle,
            lazy: {
              Component: async () =>
                (await import('../features/auth/routes/register.tsx')).RegisterPage,
            },
          },
          {
            path: 'forgot-password',
            handle: { title: 'Reset your password' } satisfies RouteHandle,
            lazy: {
              Component: async () =>
                (await import('../features/auth/routes/forgot-password.tsx')).ForgotPasswordPage,
            },
          },
          {
            path: 'password-reset',
            handle: { title: 'Change your password' } satisfies RouteHandle,
            lazy: {
              Component: async () =>
                (await import('../features/auth/routes/password-reset.tsx')).PasswordResetPage,
            },
          },
        ],
      },

      // Signing out works whether or not the session is still alive.
      {
        path: 'logout',
        handle: { title: 'Signing out' } satisfies RouteHandle,
        lazy: {
          Component: async () => (await import('../features/auth/routes/logout.tsx')).LogoutPage,
        },
      },

      // Sandbox mode only: read the emails the app would have sent (codes included).
      {
        path: 'sandbox',
        handle: { title: 'Sandbox mailbox' } satisfies RouteHandle,
        lazy: {
          Component: async () =>
            (await import('../features/sandbox/routes/sandbox-mailbox.tsx')).SandboxMailboxPage,
        },
      },

      // Public, signed in or out: anyone given a statement checks its code or its file.
      ...['statements/verify', 'statements/verify/:code'].map((path) => ({
        path,
        handle: { title: 'Check a statement' } satisfies RouteHandle,
        lazy: {
          Component: async () =>
            (await import('../features/statements/routes/statement-verify.tsx'))
              .StatementVerifyPage,
        },
      })),

      // Signed-in only (visitors go to /login?redirect=<path>): added to the table on the first
      // navigation that needs them (patchRoutesOnNavigation below), from signed-in-routes.tsx.

      // The operator console: its own sign-in and layout; a customer's session opens none of it.
      ...opsRoutes,

      // Public and isolated: the not-found page, for /error/404 and for any unknown path.
      { path: 'error/404', lazy: lazyNotFoundPage },
      { path: '*', lazy: lazyNotFoundPage },
    ],
  },
];

/** Paths that are never signed-in pages, though the router asks about them (they take params). */
const publicPrefixes = ['/ops', '/statements/verify'];

/**
 * Adds the signed-in routes under the root when a navigation finds no route of its own (the
 * router asks before it settles for the not-found page). It asks again after a navigation that was
 * interrupted before they were added; once they are there, adding them again changes nothing (the
 * router keeps one route per id), and the module is only downloaded once.
 */
export const router = createBrowserRouter(routes, {
  async patchRoutesOnNavigation({ path, patch }) {
    if (publicPrefixes.some((prefix) => path === prefix || path.startsWith(`${prefix}/`))) return;
    const { signedInRoute } = await import('./signed-in-routes.tsx');
    patch('root', [signedInRoute]);
  },
});
