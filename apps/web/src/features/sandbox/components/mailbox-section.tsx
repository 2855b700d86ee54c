import { useState, type SyntheticEvent } from 'react';
import { useSearchParams } from 'react-router';
import { Button } from '../../../components/ui/button.tsx';
import { EmptyState } from '../../../components/ui/empty-state.tsx';
import { FormErrorBanner } from '../../../components/ui/form-error-banner.tsx';
import { TextField } from '../../../components/ui/text-field.tsx';
import { isApiError } from '../../../lib/api-client.ts';
import { formatLagosDateTime } from '../../../lib/dates.ts';
import { useMailbox } from '../api/get-mailbox.ts';

/** To the second: several codes may arrive within a minute. */
function formatTime(iso: string): string {
  return formatLagosDateTime(iso, { seconds: true }) || iso;
}

/** Read the emails Ajo would have sent an address, e.g. to find a sign-up code. */
export function MailboxSection() {
  const [searchParams, setSearchParams] = useSearchParams();
  const email = searchParams.get('email');
  const [draft, setDraft] = useState(email ?? '');
  const mailbox = useMailbox(email);

  const submit = (event: SyntheticEvent) => {
    event.preventDefault();
    const trimmed = draft.trim();
    if (trimmed === email) void mailbox.refetch();
    else setSearchParams(trimmed ? { email: trimmed } : {});
  };

  const notSandbox = isApiError(mailbox.error) && mailbox.error.status === 404;

  return (
    <section aria-labelledby="mailbox-heading">
      <h2 id="mailbox-heading" className="text-lg font-semibold text-slate-900">
        Mailbox
      </h2>
      <p className="mt-1 text-sm leading-6 text-slate-600">
        No real email is sent. Enter an address to read the messages Ajo would have sent it, newest
        first.
      </p>
      <form onSubmit={submit} className="mt-4 flex flex-col gap-3 sm:flex-row sm:items-end">
        <TextField
          label="Email address"
          type="email"
          className="flex-1"
          value={draft}
          onChange={(event) => {
            setDraft(event.target.value);
          }}
        />
        <Button type="submit" isLoading={mailbox.isFetching}>
          Show messages
        </Button>
      </form>
      <div className="mt-6">
        {notSandbox ? (
          <EmptyState
            title="Not available"
            description="The mailbox only exists when Ajo runs in sandbox mode."
          />
        ) : mailbox.isError ? (
          <FormErrorBanner message={mailbox.error.message} />
        ) : mailbox.data?.length === 0 ? (
          <EmptyState
            title="No messages"
            description={`Nothing has been sent to ${email ?? ''}.`}
          />
        ) : (
          <ul className="space-y-4">
            {(mailbox.data ?? []).map((mail) => (
              <li
                key={`${mail.created_at}-${mail.subject}`}
                className="rounded-2xl bg-white p-5 shadow-sm ring-1 ring-slate-900/5"
              >
                <div className="flex flex-wrap items-baseline justify-between gap-2">
                  <h2 className="font-semibold text-slate-900">{mail.subject}</h2>
                  <time dateTime={mail.created_at} className="text-xs text-slate-500">
                    {formatTime(mail.created_at)}
                  </time>
                </div>
                <p className="mt-1 text-xs text-slate-500">To {mail.to}</p>
                <pre className="mt-3 font-sans text-sm leading-6 whitespace-pre-wrap text-slate-700">
                  {mail.text}
                </pre>
              </li>
            ))}
          </ul>
        )}
      </div>
    </section>
  );
}
