import { Route, Routes } from 'react-router';
import { OpsCustomerPage } from './customers/ops-customer.tsx';
import { OpsCustomersPage } from './customers/ops-customers.tsx';
import { OpsKycCasePage } from './kyc/routes/ops-kyc-case.tsx';
import { OpsKycPage } from './kyc/routes/ops-kyc.tsx';
import { OpsLedgerPage } from './ledger/ops-ledger.tsx';
import { OpsCorrectionsPage } from './money/ops-corrections.tsx';
import { OpsFlaggedPage } from './money/ops-flagged.tsx';
import { OpsReversalsPage } from './money/ops-reversals.tsx';
import { OpsStuckPage } from './money/ops-stuck.tsx';
import { OpsProductsPage } from './products/ops-products.tsx';
import { OpsAuditPage } from './routes/ops-audit.tsx';
import { OpsLayout } from './routes/ops-layout.tsx';
import { OpsOverviewPage } from './routes/ops-overview.tsx';
import { NotFoundPage } from '../../app/routes/not-found.tsx';

/**
 * The console's screens under /ops, as routes of their own: the app's route table holds one
 * lazy entry for all of them, so a customer's first load carries none of the console (QUALITY.md:
 * 120 kB for /login). Each screen sets its own title (OpsPage).
 */
export function OpsApp() {
  return (
    <Routes>
      <Route element={<OpsLayout />}>
        <Route index element={<OpsOverviewPage />} />
        <Route path="customers" element={<OpsCustomersPage />} />
        <Route path="customers/:id" element={<OpsCustomerPage />} />
        <Route path="kyc" element={<OpsKycPage />} />
        <Route path="kyc/:id" element={<OpsKycCasePage />} />
        <Route path="flagged" element={<OpsFlaggedPage />} />
        <Route path="stuck" element={<OpsStuckPage />} />
        <Route path="reversals" element={<OpsReversalsPage />} />
        <Route path="corrections" element={<OpsCorrectionsPage />} />
        <Route path="products" element={<OpsProductsPage />} />
        <Route path="ledger" element={<OpsLedgerPage />} />
        <Route path="audit" element={<OpsAuditPage />} />
      </Route>
      <Route path="*" element={<NotFoundPage />} />
    </Routes>
  );
}
