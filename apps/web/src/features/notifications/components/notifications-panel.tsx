import { useEffect, useRef } from 'react';
import { useSearchParams } from 'react-router';
import { Button } from '../../../components/ui/button.tsx';
import { EmptyState } from '../../../components/ui/empty-state.tsx';
import { BellIcon, CloseIcon } from '../../../components/ui/icons.tsx';
import { Spinner } from '../../../components/ui/spinner.tsx';
import { classNames } from '../../../lib/class-names.ts';
import { useNotifications } from '../api/get-notifications.ts';
import { useMarkAllNotificationsRead } from '../api/mark-all-notifications-read.ts';
import { useMarkNotificationRead } from '../api/mark-notification-read.ts';
import { NOTIFICATION_PANEL_ID } from './notifications-button.tsx';

const timeFormat = new Intl.DateTimeFormat('en-NG', { dateStyle: 'medium', timeStyle: 'short' });

function formatTime(iso: string): string {
  const date = new Date(iso);
  return Number.isNaN(date.getTime()) ? '' : timeFormat.format(date);
}

function NotificationList() {
  const { data, isPending } = useNotifications();
  const markRead = useMarkNotificationRead();
  const markAllRead = useMarkAllNotificationsRead();
  if (isPending) {
    return (
      <div className="flex justify-center py-12 text-brand-600">
        <Spinner label="Loading notifications" />
      </div>
    );
  }
  const items = data?.items ?? [];
  if (items.length === 0) {
    return (
      <EmptyState
        icon={<BellIcon className="size-7" />}
        title="No notifications yet"
        description="Updates about your savings, payments and account will show here."
        className="border-none"
      />
    );
  }
  return (
    <>
      {(data?.unread ?? 0) > 0 ? (
        <div className="flex justify-end px-5 pt-3">
          <Button
            variant="ghost"
            size="sm"
            isLoading={markAllRead.isPending}
            onClick={() => {
              markAllRead.mutate();
            }}
          >
            Mark all as read
          </Button>
        </div>
      ) : null}
      <ul className="divide-y divide-slate-100">
        {items.map((item) => (
          <li key={item.id} className="px-5 py-4">
            <div className="flex items-start gap-3">
              <span
                aria-hidden="true"
                className={classNames(
                  'mt-1.5 size-2 shrink-0 rounded-full',
                  item.read ? 'bg-transparent' : 'bg-brand-600',
                )}
              />
              <div className="min-w-0 flex-1">
                <p className="font-semibold text-slate-900">
                  {item.title}
                  {item.read ? null : <span className="sr-only"> (unread)</span>}
                </p>
                <p className="mt-1 text-sm leading-6 text-slate-600">{item.body}</p>
                <div className="mt-2 flex items-center justify-between gap-2">
                  <time dateTime={item.created_at} className="text-xs text-slate-500">
                    {formatTime(item.created_at)}
                  </time>
                  {item.read ? null : (
                    <button
                      type="button"
                      onClick={() => {
                        markRead.mutate(item.id);
                      }}
                      className="rounded text-xs font-semibold text-brand-700 hover:underline"
                    >
                      Mark as read
                    </button>
                  )}
                </div>
              </div>
            </div>
          </li>
        ))}
      </ul>
    </>
  );
}

/**
 * Open while ?a=notification is in the URL: a bottom sheet (80% height) below 1280 px, a right
 * panel (30% width) at and above. Closing removes `a` (and its `type`) from the URL.
 */
export function NotificationsPanel() {
  const [searchParams, setSearchParams] = useSearchParams();
  const open = searchParams.get('a') === NOTIFICATION_PANEL_ID;
  const dialog = useRef<HTMLDialogElement>(null);

  useEffect(() => {
    const element = dialog.current;
    if (!element) return;
    if (open && !element.open) element.showModal();
    if (!open && element.open) element.close();
  }, [open]);

  const close = () => {
    if (!open) return;
    setSearchParams(
      (current) => {
        const next = new URLSearchParams(current);
        next.delete('a');
        next.delete('type');
        return next;
      },
      { replace: true },
    );
  };

  return (
    <dialog
      ref={dialog}
      aria-labelledby="notifications-heading"
      onClose={close}
      onClick={(event) => {
        if (event.target === event.currentTarget) close();
      }}
      className="fixed inset-x-0 top-auto bottom-0 m-0 h-[80dvh] max-h-none w-full max-w-none rounded-t-2xl bg-white p-0 text-slate-900 shadow-2xl backdrop:bg-slate-950/40 open:animate-[slide-in-up_200ms_ease-out] desktop:inset-y-0 desktop:right-0 desktop:left-auto desktop:h-dvh desktop:w-[30vw] desktop:min-w-96 desktop:rounded-none desktop:rounded-l-2xl desktop:open:animate-[slide-in-right_200ms_ease-out]"
    >
      {open ? (
        <div className="flex h-full flex-col">
          <div className="flex items-center justify-between border-b border-slate-200 px-5 py-4">
            <h2 id="notifications-heading" className="text-lg font-semibold">
              Notifications
            </h2>
            <button
              type="button"
              aria-label="Close notifications"
              onClick={close}
              className="flex size-10 items-center justify-center rounded-full text-slate-600 hover:bg-slate-100"
            >
              <CloseIcon />
            </button>
          </div>
          <div className="flex-1 overflow-y-auto">
            <NotificationList />
          </div>
        </div>
      ) : null}
    </dialog>
  );
}
