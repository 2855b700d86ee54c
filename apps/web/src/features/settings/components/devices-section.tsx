import { useState } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { useNavigate } from 'react-router';
import type { Session } from '@ajo/contracts/privacy';
import { Button } from '../../../components/ui/button.tsx';
import { FormErrorBanner } from '../../../components/ui/form-error-banner.tsx';
import { Spinner } from '../../../components/ui/spinner.tsx';
import { toast } from '../../../components/ui/toast.ts';
import { classNames } from '../../../lib/class-names.ts';
import { formatLagosDateTime } from '../../../lib/dates.ts';
import { useSessions } from '../api/get-sessions.ts';
import { useSignIns } from '../api/get-sign-ins.ts';
import { useRevokeOtherSessions } from '../api/revoke-other-sessions.ts';
import { useRevokeSession } from '../api/revoke-session.ts';

function SessionRow({ session }: { session: Session }) {
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const revoke = useRevokeSession();
  const onRevoke = () => {
    revoke.mutate(session.id, {
      onSuccess: (answer) => {
        if (answer.current) {
          queryClient.clear();
          void navigate('/login', { replace: true });
          return;
        }
        toast.success(`${session.device} has been signed out.`);
      },
    });
  };
  return (
    <li className="flex flex-wrap items-center justify-between gap-3 py-4">
      <div className="min-w-0">
        <p className="font-medium text-slate-900">
          {session.device}
          {session.current ? (
            <span className="ml-2 rounded-full bg-brand-50 px-2 py-0.5 text-xs font-semibold text-brand-700">
              This device
            </span>
          ) : null}
        </p>
        <p className="mt-0.5 text-sm text-slate-600">
          IP {session.ip} · signed in {formatLagosDateTime(session.created_at)} · last active{' '}
          {formatLagosDateTime(session.last_seen_at)}
        </p>
        {revoke.error ? (
          <p role="alert" className="mt-1 text-sm text-red-700">
            {revoke.error.message}
          </p>
        ) : null}
      </div>
      <Button
        variant="secondary"
        size="sm"
        isLoading={revoke.isPending}
        onClick={onRevoke}
        aria-label={`Sign out ${session.device}${session.current ? ' (this device)' : ''}`}
      >
        {/* The same words as its accessible name, on this device and every other. */}
        Sign out
      </Button>
    </li>
  );
}

function SignInHistory() {
  const [page, setPage] = useState(0);
  const { data, isPending, error } = useSignIns(page);
  if (isPending) return <Spinner label="Loading your sign-in history" className="size-5" />;
  if (error) return <FormErrorBanner message={error.message} />;
  const pages = Math.max(1, Math.ceil(data.total / data.size));
  return (
    <div>
      <ul className="divide-y divide-slate-100" aria-label="Sign-in history">
        {data.items.map((signIn) => (
          <li key={signIn.id} className="flex items-start justify-between gap-3 py-3 text-sm">
            <div>
              <p className="font-medium text-slate-900">{signIn.device}</p>
              <p className="text-slate-600">
                IP {signIn.ip} · {formatLagosDateTime(signIn.created_at)}
              </p>
            </div>
            <span
              className={classNames(
                'shrink-0 rounded-full px-2 py-0.5 text-xs font-semibold',
                signIn.outcome === 'success'
                  ? 'bg-emerald-50 text-emerald-700'
                  : 'bg-red-50 text-red-700',
              )}
            >
              {signIn.outcome === 'success' ? 'Signed in' : 'Wrong password'}
            </span>
          </li>
        ))}
      </ul>
      {pages > 1 ? (
        <div className="mt-3 flex items-center justify-between text-sm">
          <Button
            variant="secondary"
            size="sm"
            disabled={page === 0}
            onClick={() => {
              setPage(page - 1);
            }}
          >
            Newer
          </Button>
          <span className="text-slate-600">
            Page {page + 1} of {pages}
          </span>
          <Button
            variant="secondary"
            size="sm"
            disabled={page + 1 >= pages}
            onClick={() => {
              setPage(page + 1);
            }}
          >
            Older
          </Button>
        </div>
      ) : null}
    </div>
  );
}

/** Devices and sessions: what is signed in now (each can be signed out) and the sign-in history. */
export function DevicesSection() {
  const { data, isPending, error } = useSessions();
  const others = useRevokeOtherSessions();
  const otherCount = data?.items.filter((session) => !session.current).length ?? 0;
  return (
    <div className="space-y-10">
      <section aria-labelledby="devices-heading" className="space-y-3">
        <div>
          <h2 id="devices-heading" className="text-lg font-semibold text-slate-900">
            Devices and sessions
          </h2>
          <p className="mt-1 text-sm text-slate-600">
            Everywhere your account is signed in now. Sign out any device you do not recognise, then
            change your password.
          </p>
        </div>
        {isPending ? (
          <Spinner label="Loading your sessions" className="size-5" />
        ) : error ? (
          <FormErrorBanner message={error.message} />
        ) : (
          <ul className="divide-y divide-slate-100" aria-label="Active sessions">
            {data.items.map((session) => (
              <SessionRow key={session.id} session={session} />
            ))}
          </ul>
        )}
        <FormErrorBanner message={others.error?.message} />
        {otherCount > 0 ? (
          <Button
            variant="secondary"
            isLoading={others.isPending}
            onClick={() => {
              others.mutate(undefined, {
                onSuccess: (answer) => {
                  toast.success(
                    `${String(answer.revoked)} other ${answer.revoked === 1 ? 'session was' : 'sessions were'} signed out.`,
                  );
                },
              });
            }}
          >
            Sign out all other devices
          </Button>
        ) : null}
      </section>
      <section aria-labelledby="sign-ins-heading" className="space-y-3">
        <div>
          <h2 id="sign-ins-heading" className="text-lg font-semibold text-slate-900">
            Sign-in history
          </h2>
          <p className="mt-1 text-sm text-slate-600">
            Every sign-in to your account, and every wrong password typed for it.
          </p>
        </div>
        <SignInHistory />
      </section>
    </div>
  );
}
