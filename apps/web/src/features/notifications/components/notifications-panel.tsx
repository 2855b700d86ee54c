import { Link, useLocation } from 'react-router';
import { Button } from '../../../components/ui/button.tsx';
import { EmptyState } from '../../../components/ui/empty-state.tsx';
import { BellIcon } from '../../../components/ui/icons.tsx';
import { SidePanel } from '../../../components/ui/side-panel.tsx';
import { Spinner } from '../../../components/ui/spinner.tsx';
import { transactionLocation } from '../../../components/wallet/transaction-location.ts';
import { classNames } from '../../../lib/class-names.ts';
import { formatLagosDateTime } from '../../../lib/dates.ts';
import { useNotifications } from '../api/get-notifications.ts';
import { useMarkAllNotificationsRead } from '../api/mark-all-notifications-read.ts';
import { useMarkNotificationRead } from '../api/mark-notification-read.ts';
import { NOTIFICATION_PANEL_ID } from './notifications-button.tsx';

function NotificationList() {
  const { data, isPending } = useNotifications();
  const markRead = useMarkNotificationRead();
  const markAllRead = useMarkAllNotificationsRead();
  const { pathname, search } = useLocation();
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
                {item.transaction_id === null ? null : (
                  <Link
                    to={transactionLocation(item.transaction_id, pathname, search)}
                    onClick={() => {
                      if (!item.read) markRead.mutate(item.id);
                    }}
                    className="mt-1 inline-flex rounded text-sm font-semibold text-brand-700 hover:underline"
                  >
                    View receipt<span className="sr-only">: {item.title}</span>
                  </Link>
                )}
                <div className="mt-2 flex items-center justify-between gap-2">
                  <time dateTime={item.created_at} className="text-xs text-slate-500">
                    {formatLagosDateTime(item.created_at)}
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
 * Open while ?a=notification is in the URL: a bottom sheet below 1280 px, a right panel at and
 * above (see SidePanel). Closing removes `a` (and its `type`) from the URL.
 */
export function NotificationsPanel() {
  return (
    <SidePanel
      panelId={NOTIFICATION_PANEL_ID}
      title="Notifications"
      closeLabel="Close notifications"
      clearsParams={['type']}
    >
      {() => <NotificationList />}
    </SidePanel>
  );
}
