import { Link } from 'react-router';
import { BrandLogo } from '../../../components/brand/brand-logo.tsx';
import { BankAccountsPayoutsSection } from '../components/bank-accounts-payouts-section.tsx';
import { BankTransferForm } from '../components/bank-transfer-form.tsx';
import { CardAuthorizationSection } from '../components/card-authorization-section.tsx';
import { ClockSection } from '../components/clock-section.tsx';
import { ExchangeRateSection } from '../components/exchange-rate-section.tsx';
import { MailboxSection } from '../components/mailbox-section.tsx';
import { OperatorsSection } from '../components/operators-section.tsx';

/**
 * Sandbox mode only: tools that stand in for the outside world. Send a bank transfer into a
 * sandbox account, move the clock forward (interest and maturities), and read the emails Ajo would have sent (codes included). Reachable signed in
 * or out.
 */
export function SandboxMailboxPage() {
  return (
    <main className="mx-auto w-full max-w-3xl px-4 py-8 sm:px-6 sm:py-12">
      <title>Sandbox · Ajo</title>
      <Link to="/" aria-label="Ajo home" className="inline-flex rounded-lg">
        <BrandLogo />
      </Link>
      <h1 className="mt-8 text-2xl font-bold tracking-tight text-slate-900">Sandbox</h1>
      <p className="mt-2 text-sm leading-6 text-slate-600">
        Stand-ins for the banks and email provider Ajo talks to. Nothing here moves real money or
        sends real email.
      </p>
      <div className="mt-8 space-y-10">
        <BankTransferForm />
        <BankAccountsPayoutsSection />
        <ClockSection />
        <ExchangeRateSection />
        <CardAuthorizationSection />
        <MailboxSection />
        <OperatorsSection />
      </div>
    </main>
  );
}
