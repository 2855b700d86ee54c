import { Navigate } from 'react-router';
import { useCurrentUser } from '../../lib/current-user.ts';
import { VerifyAccountPage } from '../../features/verification/routes/verify-account.tsx';

/** Statuses that have nothing left to verify (spec section 4): such users go Home. */
const VERIFIED_STATUSES = new Set(['ACTIVE', 'SUBMITTED']);

export function VerifyAccountGate() {
  const { data: user } = useCurrentUser();
  if (user && VERIFIED_STATUSES.has(user.status.toUpperCase())) return <Navigate to="/" replace />;
  return <VerifyAccountPage />;
}
