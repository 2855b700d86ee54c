import type { QueryClient } from '@tanstack/react-query';
import type { LoaderFunction, RouteObject } from 'react-router';
import {
  currentUserQueryKey,
  currentUserQueryOptions,
  loadUserSchema,
} from '../lib/current-user.ts';
import { queryClient } from './query-client.ts';
import type { RouteHandle } from './route-handle.ts';
import { RequireSession } from './session-guards.tsx';

/*
 * The signed-in part of the route table (the spec's pages behind sign-in). It is not in the
 * entry: the router adds it on the first navigation that needs it (router.tsx,
 * patchRoutesOnNavigation), so a visitor opening /login downloads none of it. A signed-in
 * visitor's index.html preloads it beside the framework (vite.config.ts, routePreloads).
 */

/**
 * Signed-in routes render once the current user is known (main.tsx has already asked for it), so
 * their first screen renders once, in the router's transition, rather than as a spinner followed by
 * a second render when the answer lands. The schema that checks that answer is fetched alongside
 * it instead of after it.
 */
async function loadSession(): Promise<null> {
  loadUserSchema().catch(() => undefined); // a failure shows where the schema is used
  if (queryClient.getQueryData(currentUserQueryKey) === undefined) {
    // A failure is the guard's to show (it sends the visitor to /login).
    await queryClient.query(currentUserQueryOptions).catch(() => undefined);
  }
  return null;
}

/**
 * A page's loader starts the page's queries as soon as its code has arrived, alongside the current
 * user instead of after it, and does not wait for them: the page shows its own loading states.
 * Nothing is asked for a visitor already known to be signed out.
 */
function pageData(prefetch: (client: QueryClient) => Promise<unknown>): LoaderFunction {
  return () => {
    if (queryClient.getQueryData(currentUserQueryKey) !== null) {
      prefetch(queryClient).catch(() => undefined);
    }
    return null;
  };
}

/** The queries keep themselves fresh: a page's loader only runs when the page is entered. */
const enteredOnly = () => false;

const homePage = () => import('../features/home/routes/home.tsx');
const walletPage = () => import('../features/wallet/routes/wallet.tsx');
const commoditiesPage = () => import('../features/commodities/routes/commodities.tsx');
const allCommoditiesPage = () => import('../features/commodities/routes/commodities-all.tsx');
const savingsOverviewPage = () => import('../features/savings/routes/savings-overview.tsx');
const fixedSavingsPage = () => import('../features/savings/routes/fixed-savings.tsx');

const topBarHandle: RouteHandle = { hasTopBar: true };

/** Signed-in only: visitors go to /login?redirect=<path>. */
export const signedInRoute: RouteObject = {
  id: 'require-session',
  loader: loadSession,
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
          shouldRevalidate: enteredOnly,
          lazy: {
            loader: async () => pageData((await homePage()).prefetchHomeData),
            Component: async () => (await homePage()).HomePage,
          },
        },
        {
          path: 'wallet',
          handle: { title: 'Wallet' } satisfies RouteHandle,
          shouldRevalidate: enteredOnly,
          lazy: {
            loader: async () => pageData((await walletPage()).prefetchWalletData),
            Component: async () => (await walletPage()).WalletPage,
          },
        },
        {
          path: 'statements',
          handle: { title: 'Statements' } satisfies RouteHandle,
          lazy: {
            Component: async () =>
              (await import('../features/statements/routes/statements.tsx')).StatementsPage,
          },
        },
        {
          path: 'commodities',
          handle: { title: 'Commodities' } satisfies RouteHandle,
          shouldRevalidate: enteredOnly,
          lazy: {
            loader: async () => pageData((await commoditiesPage()).prefetchCommoditiesData),
            Component: async () => (await commoditiesPage()).CommoditiesPage,
          },
        },
        {
          path: 'commodities-all',
          handle: { title: 'All commodities' } satisfies RouteHandle,
          shouldRevalidate: enteredOnly,
          lazy: {
            loader: async () => pageData((await allCommoditiesPage()).prefetchAllCommoditiesData),
            Component: async () => (await allCommoditiesPage()).AllCommoditiesPage,
          },
        },
        {
          path: 'dollar-cards',
          handle: { title: 'Virtual dollar card' } satisfies RouteHandle,
          shouldRevalidate: enteredOnly,
          lazy: {
            loader: async () =>
              pageData(
                (await import('../features/cards/routes/dollar-cards.tsx')).prefetchDollarCardsData,
              ),
            Component: async () =>
              (await import('../features/cards/routes/dollar-cards.tsx')).DollarCardsPage,
          },
        },
        {
          path: 'fixed-income',
          handle: { title: 'Fixed income' } satisfies RouteHandle,
          shouldRevalidate: enteredOnly,
          lazy: {
            loader: async () =>
              pageData(
                (await import('../features/fixed-income/routes/fixed-income.tsx'))
                  .prefetchFixedIncomeData,
              ),
            Component: async () =>
              (await import('../features/fixed-income/routes/fixed-income.tsx')).FixedIncomePage,
          },
        },
        {
          path: 'real-estate',
          handle: { title: 'Real estate' } satisfies RouteHandle,
          shouldRevalidate: enteredOnly,
          lazy: {
            loader: async () =>
              pageData(
                (await import('../features/real-estate/routes/real-estate.tsx'))
                  .prefetchRealEstateData,
              ),
            Component: async () =>
              (await import('../features/real-estate/routes/real-estate.tsx')).RealEstatePage,
          },
        },
        {
          path: 'bills-payment',
          handle: { title: 'Bills payment' } satisfies RouteHandle,
          shouldRevalidate: enteredOnly,
          lazy: {
            loader: async () =>
              pageData(
                (await import('../features/bills/routes/bills-payment.tsx')).prefetchBillsData,
              ),
            Component: async () =>
              (await import('../features/bills/routes/bills-payment.tsx')).BillsPaymentPage,
          },
        },
        {
          path: 'savings',
          handle: { title: 'Savings plans' } satisfies RouteHandle,
          shouldRevalidate: enteredOnly,
          lazy: {
            loader: async () => pageData((await savingsOverviewPage()).prefetchSavingsOverviewData),
            Component: async () => (await savingsOverviewPage()).SavingsOverviewPage,
          },
        },
        {
          path: 'savings/fixed',
          handle: { title: 'Fixed savings' } satisfies RouteHandle,
          shouldRevalidate: enteredOnly,
          lazy: {
            loader: async () => pageData((await fixedSavingsPage()).prefetchFixedSavingsData),
            Component: async () => (await fixedSavingsPage()).FixedSavingsPage,
          },
        },
        {
          path: 'savings/fixed/:savingId/:orderId',
          handle: { title: 'Fixed plan', managesFocus: true } satisfies RouteHandle,
          lazy: {
            Component: async () =>
              (await import('../features/savings/routes/fixed-plan-detail.tsx'))
                .FixedPlanDetailPage,
          },
        },
        {
          path: 'savings/dollar',
          handle: { title: 'Dollar investments' } satisfies RouteHandle,
          shouldRevalidate: enteredOnly,
          lazy: {
            loader: async () =>
              pageData(
                (await import('../features/savings/routes/dollar-investments.tsx'))
                  .prefetchDollarInvestmentsData,
              ),
            Component: async () =>
              (await import('../features/savings/routes/dollar-investments.tsx'))
                .DollarInvestmentsPage,
          },
        },
        {
          path: 'savings/target-savings',
          handle: { title: 'Target savings' } satisfies RouteHandle,
          shouldRevalidate: enteredOnly,
          lazy: {
            loader: async () =>
              pageData(
                (await import('../features/savings/routes/target-savings.tsx'))
                  .prefetchTargetSavingsData,
              ),
            Component: async () =>
              (await import('../features/savings/routes/target-savings.tsx')).TargetSavingsPage,
          },
        },
        {
          path: 'savings/target-savings/new',
          handle: { title: 'Create a target' } satisfies RouteHandle,
          shouldRevalidate: enteredOnly,
          lazy: {
            loader: async () =>
              pageData(
                (await import('../features/savings/routes/target-create.tsx'))
                  .prefetchCreateTargetData,
              ),
            Component: async () =>
              (await import('../features/savings/routes/target-create.tsx')).CreateTargetPage,
          },
        },
        {
          path: 'savings/target-savings/detail',
          handle: { title: 'Target', managesFocus: true } satisfies RouteHandle,
          lazy: {
            Component: async () =>
              (await import('../features/savings/routes/target-detail.tsx')).TargetDetailPage,
          },
        },
        {
          path: 'savings/target-savings/:id',
          handle: { title: 'Target savings challenge' } satisfies RouteHandle,
          shouldRevalidate: enteredOnly,
          lazy: {
            loader: async () => {
              const { prefetchChallengeData } =
                await import('../features/savings/routes/challenge.tsx');
              return (args) =>
                pageData((client) => prefetchChallengeData(client, args.params.id ?? ''))(args);
            },
            Component: async () =>
              (await import('../features/savings/routes/challenge.tsx')).ChallengePage,
          },
        },
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
        Component: async () => (await import('./routes/verify-account-gate.tsx')).VerifyAccountGate,
      },
    },
  ],
};
