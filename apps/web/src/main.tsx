import './styles/app.css';
import { StrictMode, startTransition } from 'react';
import { createRoot } from 'react-dom/client';
import { RouterProvider } from 'react-router/dom';
import { appStylesApplied } from './app/app-styles.ts';
import { AppProviders } from './app/providers.tsx';
import { queryClient } from './app/query-client.ts';
import { router } from './app/router.tsx';
import { currentUserQueryOptions } from './lib/current-user.ts';
import { mayBeSignedIn, trackSignedInHint } from './lib/signed-in-hint.ts';

const rootElement = document.getElementById('root');
if (!rootElement) throw new Error('The page has no #root element to render Ajo into.');

trackSignedInHint(queryClient);
// Who is signed in decides the first screen: ask now, while the route's code is still loading,
// instead of after it (one round trip less before anything shows). A browser known to be signed
// out does not ask (its answer would be a 401): the signed-in routes' loader asks for itself.
// A failure here is not lost: the guards ask again and show it.
if (mayBeSignedIn()) queryClient.query(currentUserQueryOptions).catch(() => undefined);

// The first render as a transition: React renders it in slices and yields to the browser
// between them, instead of one long task that blocks input while the first screen is built.
// It starts once the app's stylesheet applies (it was preloaded while the shell painted).
const root = createRoot(rootElement);
void appStylesApplied().then(() => {
  startTransition(() => {
    root.render(
      <StrictMode>
        <AppProviders queryClient={queryClient}>
          <RouterProvider router={router} />
        </AppProviders>
      </StrictMode>,
    );
  });
});
