import type { ReactNode } from 'react';
import { Link, useParams } from 'react-router';
import type { CustomerDetail } from '@ajo/contracts/ops-customers';
import {
  transactionChannelLabels,
  transactionTypeLabels,
} from '../../../components/wallet/transaction-labels.ts';
import { formatLagosDate, formatLagosDateTime } from '../../../lib/dates.ts';
import { formatMoneyText, moneyTextToMinor } from '../../../lib/money-text.ts';
import { OpsListCard } from '../components/ops-list-card.tsx';
import {
  OpsBadge,
  OpsCard,
  opsCell,
  OpsLoadState,
  OpsPage,
  OpsTable,
} from '../components/ops-page.tsx';
import { useCustomer } from './customers-api.ts';

/** A stored value in the app's words ("bank_transfer" → "Bank transfer"), or as stored when new. */
const readable = (labels: Readonly<Record<string, string>>, value: string) =>
  labels[value] ?? value;

/** One label and its value in a card's list. */
function Fact({ label, children }: { label: string; children: ReactNode }) {
  return (
    <div className="flex flex-col gap-0.5 py-2 sm:flex-row sm:justify-between sm:gap-4">
      <dt className="text-sm text-slate-500">{label}</dt>
      <dd className="text-sm font-medium break-words text-slate-900 sm:text-right">{children}</dd>
    </div>
  );
}

/** A limit and how much of it is used today, as a bar; "No limit" when the tier has none. */
function LimitBar({ label, limit, used }: { label: string; limit: string | null; used?: string }) {
  const limitMinor = limit === null ? null : moneyTextToMinor(limit);
  const usedMinor = used === undefined ? null : moneyTextToMinor(used);
  const percent =
    limitMinor === null || usedMinor === null || limitMinor === 0n
      ? null
      : Number((usedMinor * 1000n) / limitMinor) / 10;
  return (
    <div className="py-2">
      <div className="flex justify-between gap-4 text-sm">
        <span className="text-slate-600">{label}</span>
        <span className="text-right font-medium text-slate-900">
          {limit === null
            ? 'No limit'
            : limitMinor === 0n
              ? 'Not allowed at this tier'
              : formatMoneyText(limit)}
        </span>
      </div>
      {used === undefined || percent === null ? null : (
        <>
          <div
            className="mt-1.5 h-2 overflow-hidden rounded-full bg-slate-100"
            role="meter"
            aria-label={`${label}: used`}
            aria-valuemin={0}
            aria-valuemax={100}
            aria-valuenow={Math.min(percent, 100)}
          >
            <div
              className={`h-full rounded-full ${percent >= 90 ? 'bg-red-500' : percent >= 60 ? 'bg-amber-500' : 'bg-emerald-500'}`}
              style={{ width: `${String(Math.min(percent, 100))}%` }}
            />
          </div>
          <p className="mt-1 text-xs text-slate-500">
            {formatMoneyText(used)} used ({percent.toFixed(1)}%)
          </p>
        </>
      )}
    </div>
  );
}

/** The customer as the console names them: a closed account keeps no name. */
const customerName = (profile: CustomerDetail['profile']) =>
  profile.closed ? 'Closed account' : `${profile.first_name ?? ''} ${profile.last_name ?? ''}`;

/** A link to another screen about this customer, in the page's header. */
const headerLinkClass =
  'rounded-xl px-3 py-2 text-sm font-medium text-brand-700 ring-1 ring-slate-300 hover:bg-slate-50 focus-visible:ring-2 focus-visible:ring-brand-600 focus-visible:outline-none';

const statusTone = (status: string) =>
  status === 'successful' || status === 'ACTIVE'
    ? ('good' as const)
    : status === 'pending' || status === 'IN_REVIEW' || status === 'SUBMITTED'
      ? ('warn' as const)
      : status === 'failed' || status === 'REJECTED' || status === 'reversed'
        ? ('bad' as const)
        : ('neutral' as const);

function Profile({ customer }: { customer: CustomerDetail }) {
  const { profile, kyc, limits, usage } = customer;
  return (
    <div className="grid gap-4 lg:grid-cols-3 [&>*]:min-w-0">
      <OpsCard title="Profile">
        <dl className="divide-y divide-slate-100 px-5 py-2">
          <Fact label="Name">{customerName(profile)}</Fact>
          <Fact label="Email">{profile.email ?? '—'}</Fact>
          <Fact label="Phone">
            <span className="font-mono">{profile.phone ?? '—'}</span>
          </Fact>
          <Fact label="Status">
            <OpsBadge tone={profile.closed ? 'bad' : statusTone(profile.status)}>
              {profile.closed ? 'Closed' : profile.status}
            </OpsBadge>
          </Fact>
          <Fact label="Tier">{`Tier ${String(profile.tier)}`}</Fact>
          <Fact label="Joined">{formatLagosDate(profile.created_at)}</Fact>
          {profile.closed_at === null ? null : (
            <Fact label="Closed">{formatLagosDate(profile.closed_at)}</Fact>
          )}
          <Fact label="Customer id">
            <span className="font-mono text-xs">{profile.id}</span>
          </Fact>
        </dl>
      </OpsCard>
      <OpsCard title="KYC">
        <dl className="divide-y divide-slate-100 px-5 py-2">
          <Fact label="BVN">
            {kyc.bvn_verified ? (
              <span className="inline-flex items-center gap-2">
                <span className="font-mono">{kyc.bvn ?? '—'}</span>
                <OpsBadge tone="good">Verified</OpsBadge>
              </span>
            ) : (
              <OpsBadge>Not verified</OpsBadge>
            )}
          </Fact>
          {kyc.bvn_verified_at === null ? null : (
            <Fact label="BVN verified">{formatLagosDateTime(kyc.bvn_verified_at)}</Fact>
          )}
          <Fact label="Identity check">
            {kyc.identity ? (
              <OpsBadge tone={statusTone(kyc.identity.status)}>{kyc.identity.status}</OpsBadge>
            ) : (
              'Not submitted'
            )}
          </Fact>
          {kyc.identity ? (
            <Fact label="Submitted">{formatLagosDateTime(kyc.identity.submitted_at)}</Fact>
          ) : null}
          {kyc.identity?.decided_at ? (
            <Fact label="Decided">{formatLagosDateTime(kyc.identity.decided_at)}</Fact>
          ) : null}
        </dl>
      </OpsCard>
      <OpsCard title={`Limits of tier ${String(profile.tier)}`}>
        <div className="divide-y divide-slate-100 px-5 py-2">
          {limits === null ? (
            <p className="py-2 text-sm text-slate-500">The limits configuration is missing.</p>
          ) : (
            <>
              <LimitBar label="Single deposit" limit={limits.single_deposit_max} />
              <LimitBar
                label="Wallet balance"
                limit={limits.balance_max}
                used={usage.ngn_balance}
              />
              <LimitBar
                label="Withdrawal per transaction"
                limit={limits.withdrawal_per_transaction_max}
              />
              <LimitBar
                label="Withdrawals today"
                limit={limits.withdrawal_daily_max}
                used={usage.withdrawn_today}
              />
              <p className="py-2 text-xs text-slate-500">
                Deposited today: {formatMoneyText(usage.deposited_today)}
              </p>
            </>
          )}
        </div>
      </OpsCard>
    </div>
  );
}

function Money({ customer }: { customer: CustomerDetail }) {
  return (
    <div className="grid gap-4 lg:grid-cols-3 [&>*]:min-w-0">
      <div className="min-w-0 lg:col-span-2">
        <OpsCard title="Balances">
          <OpsTable
            caption="Wallet balances"
            columns={['Wallet', 'Balance', 'Available', 'Held', 'On hold']}
          >
            {customer.balances.map((balance) => (
              <tr key={balance.currency}>
                <td className={`${opsCell} font-medium`}>{balance.currency}</td>
                <td className={opsCell}>{formatMoneyText(balance.balance, balance.currency)}</td>
                <td className={opsCell}>{formatMoneyText(balance.available, balance.currency)}</td>
                <td className={opsCell}>{formatMoneyText(balance.held, balance.currency)}</td>
                <td className={opsCell}>{formatMoneyText(balance.on_hold, balance.currency)}</td>
              </tr>
            ))}
          </OpsTable>
        </OpsCard>
      </div>
      <OpsCard title="Accounts">
        <dl className="divide-y divide-slate-100 px-5 py-2">
          <Fact label="Funding account">
            {customer.virtual_account ? (
              <span>
                <span className="font-mono">{customer.virtual_account.account_number}</span>
                <span className="block text-xs font-normal text-slate-500">
                  {customer.virtual_account.bank_name}
                </span>
              </span>
            ) : (
              'None yet'
            )}
          </Fact>
          {customer.bank_accounts.length === 0 ? (
            <Fact label="Bank accounts">None linked</Fact>
          ) : (
            customer.bank_accounts.map((account) => (
              <Fact key={account.id} label={account.bank_name}>
                <span className="font-mono">{account.account_number}</span>
              </Fact>
            ))
          )}
          <Fact label="Open savings plans">{customer.products.open_savings}</Fact>
          <Fact label="Open investments">{customer.products.open_investments}</Fact>
          <Fact label="Dollar cards">{customer.products.live_cards}</Fact>
        </dl>
      </OpsCard>
    </div>
  );
}

function Transactions({ customer }: { customer: CustomerDetail }) {
  return (
    <OpsListCard
      title="Recent transactions"
      items={customer.transactions}
      emptyText="No transactions yet."
      caption="The customer's 20 newest transactions"
      columns={['When', 'Type', 'Amount', 'Fee', 'Status', 'Reference']}
      row={(transaction) => (
        <tr key={transaction.id}>
          <td className={`${opsCell} whitespace-nowrap`}>
            {formatLagosDateTime(transaction.created_at)}
          </td>
          <td className={opsCell}>
            {readable(transactionTypeLabels, transaction.type)}
            <span className="block text-xs text-slate-500">
              {readable(transactionChannelLabels, transaction.channel)}
            </span>
          </td>
          <td className={`${opsCell} whitespace-nowrap`}>
            {transaction.direction === 'credit' ? '+' : '\u2212'}
            {formatMoneyText(transaction.amount, transaction.currency === 'USD' ? 'USD' : 'NGN')}
          </td>
          <td className={`${opsCell} whitespace-nowrap`}>
            {formatMoneyText(transaction.fee, transaction.currency === 'USD' ? 'USD' : 'NGN')}
          </td>
          <td className={opsCell}>
            <span className="inline-flex flex-wrap gap-1">
              <OpsBadge tone={statusTone(transaction.status)}>{transaction.status}</OpsBadge>
              {transaction.flagged ? <OpsBadge tone="warn">Flagged</OpsBadge> : null}
            </span>
          </td>
          <td className={`${opsCell} font-mono text-xs break-all`}>{transaction.reference}</td>
        </tr>
      )}
    />
  );
}

function OperatorActions({ customer }: { customer: CustomerDetail }) {
  return (
    <OpsListCard
      title="Operator actions on this customer"
      items={customer.operator_actions}
      emptyText="No operator actions yet."
      caption="Operator actions on this customer"
      columns={['When', 'Operator', 'Action', 'Reason']}
      row={(entry) => (
        <tr key={entry.id}>
          <td className={`${opsCell} whitespace-nowrap`}>{formatLagosDateTime(entry.at)}</td>
          <td className={opsCell}>{entry.operator ?? '—'}</td>
          <td className={`${opsCell} font-mono text-xs`}>{entry.action}</td>
          <td className={opsCell}>{entry.reason ?? '—'}</td>
        </tr>
      )}
    />
  );
}

/** /ops/customers/:id: one customer, masked where personal, every view recorded. */
export function OpsCustomerPage() {
  const { id = '' } = useParams();
  const customer = useCustomer(id);
  const data = customer.data;
  return (
    <OpsPage
      title={data ? customerName(data.profile) : 'Customer'}
      description={
        <>
          Opening this page is recorded in the audit log with your name, as every read of a
          customer&apos;s personal data is. The BVN, phone and account numbers are masked.
        </>
      }
      actions={
        <>
          {data && !data.profile.closed ? (
            <Link
              to={`/ops/corrections?user=${encodeURIComponent(id)}`}
              className={headerLinkClass}
            >
              Propose a correction
            </Link>
          ) : null}
          <Link to={`/ops/audit?subject=${encodeURIComponent(id)}`} className={headerLinkClass}>
            Audit log
          </Link>
        </>
      }
    >
      <p className="-mt-3 mb-6 text-sm">
        <Link
          to="/ops/customers"
          className="text-brand-700 underline-offset-2 hover:underline focus-visible:ring-2 focus-visible:ring-brand-600 focus-visible:outline-none"
        >
          ← Back to search
        </Link>
      </p>
      {data ? (
        <div className="flex flex-col gap-4">
          <Profile customer={data} />
          <Money customer={data} />
          <Transactions customer={data} />
          <OperatorActions customer={data} />
        </div>
      ) : (
        <OpsCard>
          <OpsLoadState isPending={customer.isPending} error={customer.error} />
        </OpsCard>
      )}
    </OpsPage>
  );
}
