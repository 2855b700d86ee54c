/**
 * The console's sidebar, in the order of a working day: who, what waits for a person, money put
 * right, products, then the books and the log. Each screen's route is in ops-routes.tsx.
 */
export const opsNav: readonly { path: string; label: string }[] = [
  { path: '/ops', label: 'Overview' },
  { path: '/ops/customers', label: 'Customers' },
  { path: '/ops/kyc', label: 'KYC review' },
  { path: '/ops/flagged', label: 'Flagged deposits' },
  { path: '/ops/stuck', label: 'Stuck payments' },
  { path: '/ops/reversals', label: 'Reversals' },
  { path: '/ops/corrections', label: 'Money corrections' },
  { path: '/ops/products', label: 'Products' },
  { path: '/ops/ledger', label: 'Ledger & reconciliation' },
  { path: '/ops/audit', label: 'Audit log' },
];
