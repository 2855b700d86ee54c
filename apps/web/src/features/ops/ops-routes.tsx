import type { RouteObject } from 'react-router';

/**
 * /ops and its screens: the operator console, apart from the customer's app (its own sign-in,
 * its own layout). One lazy entry: the screens' routes live in ops-app.tsx, so the app's route
 * table (in every customer's first load) carries only this.
 */
export const opsRoutes: RouteObject[] = [
  {
    path: 'ops/*',
    lazy: { Component: async () => (await import('./ops-app.tsx')).OpsApp },
  },
];
