/** The console's sidebar, in order; each screen adds its entry here and its route in ops-routes. */
export const opsNav: readonly { path: string; label: string }[] = [
  { path: '/ops', label: 'Overview' },
  { path: '/ops/audit', label: 'Audit log' },
];
