import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useRef } from 'react';
import { useNavigate } from 'react-router';
import { RouteFallbackSpinner } from '../components/route-fallback-spinner.tsx';
import { logout } from '../api/logout.ts';
import { currentUserQueryKey } from '../../../lib/current-user.ts';

/** Ends the session on the server, forgets every cached answer and replaces history with /login. */
export function LogoutPage() {
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const started = useRef(false);

  useEffect(() => {
    if (started.current) return;
    started.current = true;
    const finish = () => {
      queryClient.clear();
      queryClient.setQueryData(currentUserQueryKey, null);
      void navigate('/login', { replace: true });
    };
    logout().then(finish, finish);
  }, [navigate, queryClient]);

  return <RouteFallbackSpinner />;
}
