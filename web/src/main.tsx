import { QueryClientProvider } from '@tanstack/react-query';
import { createRouter, RouterProvider } from '@tanstack/react-router';
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
// The base styles first, so every component's own stylesheet (imported by the routes) comes after them.
import './styles.css';
import { createQueryClient } from './lib/queryClient';
import { routeTree } from './routeTree.gen';

const queryClient = createQueryClient();

// After a deploy the previous build's chunks are gone, so a page still running that build fails to load
// a lazy chunk (a route, the ranking panel, a chart). Vite reports it here: load the page again, which
// brings the new build, at most once a minute so a chunk that is truly missing shows the error instead.
const RELOADED_AT = 'juzi_chunk_reload_at';
window.addEventListener('vite:preloadError', (event) => {
  const last = Number(sessionStorage.getItem(RELOADED_AT) ?? 0);
  if (Date.now() - last < 60_000) return;
  sessionStorage.setItem(RELOADED_AT, String(Date.now()));
  event.preventDefault();
  window.location.reload();
});

const router = createRouter({
  routeTree,
  context: { queryClient },
  defaultPreload: 'intent',
  // React Query decides freshness; the router must not keep its own copy of loader data.
  defaultPreloadStaleTime: 0,
  scrollRestoration: true,
});

declare module '@tanstack/react-router' {
  interface Register {
    router: typeof router;
  }
}

createRoot(document.getElementById('root')!).render(
  <StrictMode>
    <QueryClientProvider client={queryClient}>
      <RouterProvider router={router} />
    </QueryClientProvider>
  </StrictMode>,
);
