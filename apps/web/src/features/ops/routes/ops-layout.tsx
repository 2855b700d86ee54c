import { useMutation, useQueryClient } from '@tanstack/react-query';
import { NavLink, Outlet } from 'react-router';
import { BrandLogo } from '../../../components/brand/brand-logo.tsx';
import { Button } from '../../../components/ui/button.tsx';
import { RouteFallback } from '../../../app/routes/route-fallback.tsx';
import { classNames } from '../../../lib/class-names.ts';
import { signOutOperator, useOperator } from '../api/ops-api.ts';
import { opsNav } from '../ops-nav.ts';
import { OpsSignIn } from './ops-sign-in.tsx';

/** Signs the operator out of the console (shown in the sidebar on a wide screen, atop on a phone). */
function SignOutButton({
  signOut,
  className,
}: {
  signOut: { isPending: boolean; mutate: () => void };
  className?: string;
}) {
  return (
    <Button
      variant="secondary"
      size="sm"
      className={className}
      isLoading={signOut.isPending}
      onClick={() => {
        signOut.mutate();
      }}
    >
      Sign out
    </Button>
  );
}

/**
 * /ops: the operator console. Nobody signed in to the console sees its sign-in (a customer's
 * session counts for nothing here); an operator sees the sidebar of screens and the one open.
 */
export function OpsLayout() {
  const { data: operator, isPending, error } = useOperator();
  const queryClient = useQueryClient();
  const signOut = useMutation({
    mutationFn: signOutOperator,
    onSettled: () => {
      queryClient.removeQueries({ queryKey: ['ops'] });
      queryClient.setQueryData(['ops', 'me'], null);
    },
  });
  if (isPending) return <RouteFallback />;
  if (error) {
    return (
      <p role="alert" className="p-8 text-sm text-red-700">
        The console could not load: {error.message}
      </p>
    );
  }
  if (!operator) return <OpsSignIn />;
  return (
    <div className="min-h-dvh bg-slate-50 lg:flex">
      <aside className="border-b border-slate-200 bg-slate-900 text-slate-100 lg:sticky lg:top-0 lg:flex lg:h-dvh lg:w-64 lg:shrink-0 lg:flex-col lg:border-r lg:border-b-0">
        <div className="flex items-center justify-between gap-3 px-5 py-4">
          <div className="flex items-center gap-2">
            <BrandLogo tone="onBrand" />
            <span className="rounded bg-amber-400 px-1.5 py-0.5 text-xs font-bold text-slate-900">
              OPS
            </span>
          </div>
        </div>
        <nav aria-label="Console" className="overflow-x-auto px-3 pb-3 lg:flex-1 lg:pb-0">
          <ul className="flex gap-1 lg:flex-col">
            {opsNav.map((item) => (
              <li key={item.path}>
                <NavLink
                  to={item.path}
                  end={item.path === '/ops'}
                  className={({ isActive }) =>
                    classNames(
                      'block rounded-lg px-3 py-2 text-sm whitespace-nowrap focus-visible:ring-2 focus-visible:ring-amber-400 focus-visible:outline-none',
                      isActive
                        ? 'bg-slate-700 font-semibold text-white'
                        : 'text-slate-300 hover:bg-slate-800 hover:text-white',
                    )
                  }
                >
                  {item.label}
                </NavLink>
              </li>
            ))}
          </ul>
        </nav>
        <div className="hidden border-t border-slate-800 px-5 py-4 lg:block">
          <p className="truncate text-sm font-medium text-white">{operator.name}</p>
          <p className="truncate text-xs text-slate-400">{operator.email}</p>
          <SignOutButton signOut={signOut} className="mt-3 w-full" />
        </div>
      </aside>
      <main className="min-w-0 flex-1">
        <div className="flex items-center justify-end gap-3 border-b border-slate-200 bg-white px-4 py-2 lg:hidden">
          <span className="truncate text-sm text-slate-600">{operator.name}</span>
          <SignOutButton signOut={signOut} />
        </div>
        <Outlet />
      </main>
    </div>
  );
}
