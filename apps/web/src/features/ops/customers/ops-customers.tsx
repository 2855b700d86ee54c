import { useState, type SubmitEvent } from 'react';
import { Link, useSearchParams } from 'react-router';
import { customerSearchMessages } from '@ajo/contracts/ops-customers';
import { Button } from '../../../components/ui/button.tsx';
import { formatLagosDate } from '../../../lib/dates.ts';
import {
  OpsBadge,
  OpsCard,
  opsCell,
  opsInputClass,
  OpsListState,
  OpsPage,
  OpsPager,
  OpsTable,
} from '../components/ops-page.tsx';
import { customerPageSize, useCustomerSearch } from './customers-api.ts';

/** /ops/customers: find a customer by email, name, phone, account number, id or reference. */
export function OpsCustomersPage() {
  const [params, setParams] = useSearchParams();
  const query = params.get('q') ?? '';
  const page = Math.max(Number(params.get('page') ?? '0') || 0, 0);
  const [draft, setDraft] = useState(query);
  const [hint, setHint] = useState<string | null>(null);
  const search = useCustomerSearch(query, page);
  const items = search.data?.items ?? [];
  const total = search.data?.total ?? 0;

  const submit = (event: SubmitEvent<HTMLFormElement>) => {
    event.preventDefault();
    const text = draft.trim();
    if (text.length < 2) {
      setHint(customerSearchMessages.query);
      // The last search's results would read as this one's: back to no search.
      setParams({});
      return;
    }
    setHint(null);
    setParams({ q: text });
  };
  const goTo = (next: number) => {
    setParams({ q: query, page: String(next) });
  };

  return (
    <OpsPage
      title="Customers"
      description="Search by email, name, phone, funding account number, customer id or transaction reference. Every search and every profile opened is recorded in the audit log with your name."
    >
      <form
        onSubmit={submit}
        className="mb-4 flex flex-col gap-3 sm:flex-row sm:items-end"
        role="search"
      >
        <label className="flex-1 text-sm text-slate-700">
          Search customers
          <input
            type="search"
            value={draft}
            autoComplete="off"
            placeholder="e.g. demo@ajo.test, Adaeze, 0803…, 9900000017"
            aria-invalid={hint !== null || undefined}
            aria-describedby={hint === null ? undefined : 'customer-search-hint'}
            onChange={(event) => {
              setDraft(event.target.value);
            }}
            className={opsInputClass}
          />
        </label>
        <Button type="submit" isLoading={search.isFetching}>
          Search
        </Button>
      </form>
      {hint === null ? null : (
        <p id="customer-search-hint" role="alert" className="-mt-2 mb-4 text-sm text-red-700">
          {hint}
        </p>
      )}
      <OpsCard>
        {query.length < 2 ? (
          <p className="px-5 py-8 text-sm text-slate-500">
            Type what you know about the customer and press Search.
          </p>
        ) : (
          <OpsListState
            isPending={search.isPending}
            error={search.error}
            isEmpty={items.length === 0}
            emptyText={`No customer matches “${query}”.`}
          />
        )}
        {query.length >= 2 && items.length > 0 ? (
          <OpsTable
            caption="Customers found"
            columns={['Customer', 'Email', 'Phone', 'Status', 'Tier', 'Joined']}
          >
            {items.map((customer) => (
              <tr key={customer.id} className="hover:bg-slate-50">
                <td className={opsCell}>
                  <Link
                    to={`/ops/customers/${customer.id}`}
                    className="font-medium text-brand-700 underline-offset-2 hover:underline focus-visible:ring-2 focus-visible:ring-brand-600 focus-visible:outline-none"
                  >
                    {customer.name}
                  </Link>
                </td>
                <td className={`${opsCell} break-all`}>{customer.email ?? '—'}</td>
                <td className={`${opsCell} font-mono text-xs whitespace-nowrap`}>
                  {customer.phone ?? '—'}
                </td>
                <td className={opsCell}>
                  {customer.closed ? (
                    <OpsBadge tone="bad">Closed</OpsBadge>
                  ) : (
                    <OpsBadge tone={customer.status === 'ACTIVE' ? 'good' : 'neutral'}>
                      {customer.status}
                    </OpsBadge>
                  )}
                </td>
                <td className={opsCell}>Tier {customer.tier}</td>
                <td className={`${opsCell} whitespace-nowrap`}>
                  {formatLagosDate(customer.created_at)}
                </td>
              </tr>
            ))}
          </OpsTable>
        ) : null}
      </OpsCard>
      {query.length >= 2 && total > customerPageSize ? (
        <OpsPager
          page={page}
          pageSize={customerPageSize}
          total={total}
          emptyText="No customers"
          order="as listed"
          onPage={goTo}
        />
      ) : null}
    </OpsPage>
  );
}
