import { Avatar } from '../../components/ui/avatar.tsx';
import { useCurrentUser } from '../../lib/current-user.ts';

/** First name and generated avatar, on the blue sidebar and mobile menu. */
export function UserBadge() {
  const { data: user } = useCurrentUser();
  if (!user) return null;
  return (
    <div className="flex items-center gap-3 rounded-xl bg-brand-800/60 px-3 py-3">
      <Avatar name={user.first_name} className="ring-2 ring-white/80" />
      <div className="min-w-0">
        <p className="text-xs text-brand-100">Signed in as</p>
        <p className="truncate text-sm font-semibold text-white">{user.first_name}</p>
      </div>
    </div>
  );
}
