import { Link, useLocation } from 'react-router';
import { BellIcon } from '../../../components/ui/icons.tsx';
import { useNotifications } from '../api/get-notifications.ts';

export const NOTIFICATION_PANEL_ID = 'notification';

/** Opens the panel through the URL (?a=notification), so Back closes it and links can open it. */
export function NotificationsButton() {
  const location = useLocation();
  const { data } = useNotifications({ deferred: true });
  const unread = data?.unread ?? 0;
  // The badge's text is part of the button's name, as axe asks (label-content-name-mismatch):
  // past nine both say "9+", so what a screen reader announces is what the badge shows.
  const badge = unread > 9 ? '9+' : String(unread);
  const search = new URLSearchParams(location.search);
  search.set('a', NOTIFICATION_PANEL_ID);
  return (
    <Link
      to={{ pathname: location.pathname, search: `?${search.toString()}` }}
      aria-label={unread > 0 ? `Notifications, ${badge} unread` : 'Notifications'}
      className="relative flex size-10 items-center justify-center rounded-full text-slate-600 hover:bg-slate-100 hover:text-slate-900"
    >
      <BellIcon />
      {unread > 0 ? (
        <span
          aria-hidden="true"
          className="absolute top-1 right-1 flex min-w-4 items-center justify-center rounded-full bg-red-600 px-1 text-[10px] leading-4 font-bold text-white"
        >
          {badge}
        </span>
      ) : null}
    </Link>
  );
}
