import { createBrowserRouter, Outlet, ScrollRestoration, type RouteObject } from 'react-router';
import type { RouteHandle } from './route-handle.ts';
import {
  PublicOnly,
  RequireSession,
  useEndSessionOnUnauthorized,
  useRecordPageViews,
} from './session-guards.tsx';
import { RouteErrorPage } from './routes/route-error-page.tsx';
import { RouteFallback } from './routes/route-fallback.tsx';

/*
 * Every page and layout is loaded on demand (route-level `lazy`), so the first load of any one
 * screen downloads only that screen. The groups below follow the spec's route table: which
 * routes show the top bar and sidebar, which only the top bar, and which stand alone.
 */

const lazyPlaceholderPage = {
  Component: async () => (await import('./routes/placeholder-page.tsx')).PlaceholderPage,
};
const lazyNotFoundPage = {
  Component: async () => (await import('./routes/not-found.tsx')).NotFoundPage,
};

/** A screen whose feature is not built yet; the feature swaps in its own `lazy` import. */
function placeholderRoute(path: string, title: string): RouteObject {
  const handle: RouteHandle = { title };
  return { path, handle, lazy: lazyPlaceholderPage };
}

function RootLayout() {
  useEndSessionOnUnauthorized();
  useRecordPageViews();
  return (
    <>
      <Outlet />
      <ScrollRestoration />
    </>
  );
}

const topBarHandle: RouteHandle = { hasTopBar: true };

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

      // Signed-in only: visitors go to /login?redirect=<path>.
      {
        id: 'require-session',
        Component: RequireSession,
        children: [
          {
            id: 'sidebar-layout',
            handle: topBarHandle,
            lazy: {
              Component: async () => (await import('./shell/shell-layouts.tsx')).SidebarLayout,
            },
            children: [
              {
                index: true,
                handle: { title: 'Home' } satisfies RouteHandle,
                lazy: {
                  Component: async () =>
                    (await import('../features/home/routes/home.tsx')).HomePage,
                },
              },
              {
                path: 'wallet',
                handle: { title: 'Wallet' } satisfies RouteHandle,
                lazy: {
                  Component: async () =>
                    (await import('../features/wallet/routes/wallet.tsx')).WalletPage,
                },
              },
              placeholderRoute('commodities', 'Commodities'),
              placeholderRoute('commodities-all', 'All commodities'),
              placeholderRoute('dollar-cards', 'Virtual dollar card'),
              placeholderRoute('fixed-income', 'Fixed income'),
              placeholderRoute('real-estate', 'Real estate'),
              placeholderRoute('bills-payment', 'Bills payment'),
              placeholderRoute('savings', 'Savings plans'),
              placeholderRoute('savings/fixed', 'Fixed savings'),
              placeholderRoute('savings/dollar', 'Dollar investments'),
              placeholderRoute('savings/target-savings', 'Target savings'),
              placeholderRoute('savings/target-savings/:id', 'Target savings challenge'),
            ],
          },

          // Top bar without the sidebar.
          {
            id: 'top-bar-layout',
            handle: topBarHandle,
            lazy: {
              Component: async () => (await import('./shell/shell-layouts.tsx')).TopBarLayout,
            },
            children: [
              {
                path: 'settings/*',
                handle: { title: 'Settings' } satisfies RouteHandle,
                lazy: {
                  Component: async () =>
                    (await import('../features/settings/routes/settings.tsx')).SettingsPage,
                },
              },
            ],
          },

          // Standing alone.
          {
            path: 'payments/status',
            handle: { title: 'Payment status' } satisfies RouteHandle,
            lazy: {
              Component: async () =>
                (await import('../features/wallet/routes/payment-status.tsx')).PaymentStatusPage,
            },
          },
          {
            path: 'verify-account',
            handle: { title: 'Verify Account' } satisfies RouteHandle,
            lazy: {
              Component: async () =>
                (await import('./routes/verify-account-gate.tsx')).VerifyAccountGate,
            },
          },
        ],
      },

      // Public and isolated: the not-found page, for /error/404 and for any unknown path.
      { path: 'error/404', lazy: lazyNotFoundPage },
      { path: '*', lazy: lazyNotFoundPage },
    ],
  },
];

export const router = createBrowserRouter(routes);
