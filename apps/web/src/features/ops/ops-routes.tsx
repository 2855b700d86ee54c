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
        path: 'audit',
        handle: { title: 'Audit log' } satisfies RouteHandle,
        lazy: {
          Component: async () => (await import('./routes/ops-audit.tsx')).OpsAuditPage,
        },
      },
    ],
  },
];
