import type { RouteObject } from 'react-router';
import type { RouteHandle } from '../../app/route-handle.ts';

/**
 * /ops and its screens: the operator console, apart from the customer's app (its own sign-in,
 * its own layout). Each screen adds its route here and its sidebar entry in ops-nav.ts.
 */
export const opsRoutes: RouteObject[] = [
  {
    path: 'ops',
    handle: { title: 'Operator console' } satisfies RouteHandle,
    lazy: {
      Component: async () => (await import('./routes/ops-layout.tsx')).OpsLayout,
    },
    children: [
      {
        index: true,
        handle: { title: 'Operator console' } satisfies RouteHandle,
        lazy: {
          Component: async () => (await import('./routes/ops-overview.tsx')).OpsOverviewPage,
        },
      },
      {
        path: 'products',
        handle: { title: 'Products' } satisfies RouteHandle,
        lazy: {
          Component: async () => (await import('./products/ops-products.tsx')).OpsProductsPage,
        },
      },
      {
        path: 'audit',
        handle: { title: 'Audit log' } satisfies RouteHandle,
        lazy: {
          Component: async () => (await import('./routes/ops-audit.tsx')).OpsAuditPage,
        },
      },
      {
        path: 'customers',
        handle: { title: 'Customers' } satisfies RouteHandle,
        lazy: {
          Component: async () => (await import('./customers/ops-customers.tsx')).OpsCustomersPage,
        },
      },
      {
        path: 'customers/:id',
        handle: { title: 'Customer' } satisfies RouteHandle,
        lazy: {
          Component: async () => (await import('./customers/ops-customer.tsx')).OpsCustomerPage,
        },
      },
      {
        path: 'ledger',
        handle: { title: 'Ledger & reconciliation' } satisfies RouteHandle,
        lazy: {
          Component: async () => (await import('./ledger/ops-ledger.tsx')).OpsLedgerPage,
        },
      },
      {
        path: 'kyc',
        handle: { title: 'KYC review' } satisfies RouteHandle,
        lazy: {
          Component: async () => (await import('./kyc/routes/ops-kyc.tsx')).OpsKycPage,
        },
      },
      {
        path: 'kyc/:id',
        handle: { title: 'KYC review' } satisfies RouteHandle,
        lazy: {
          Component: async () => (await import('./kyc/routes/ops-kyc-case.tsx')).OpsKycCasePage,
        },
      },
      {
        path: 'corrections',
        handle: { title: 'Money corrections' } satisfies RouteHandle,
        lazy: {
          Component: async () => (await import('./money/ops-corrections.tsx')).OpsCorrectionsPage,
        },
      },
      {
        path: 'flagged',
        handle: { title: 'Flagged deposits' } satisfies RouteHandle,
        lazy: {
          Component: async () => (await import('./money/ops-flagged.tsx')).OpsFlaggedPage,
        },
      },
      {
        path: 'stuck',
        handle: { title: 'Stuck payments' } satisfies RouteHandle,
        lazy: {
          Component: async () => (await import('./money/ops-stuck.tsx')).OpsStuckPage,
        },
      },
      {
        path: 'reversals',
        handle: { title: 'Reversals' } satisfies RouteHandle,
        lazy: {
          Component: async () => (await import('./money/ops-reversals.tsx')).OpsReversalsPage,
        },
      },
    ],
  },
];
