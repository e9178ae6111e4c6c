import { QueryClientProvider } from '@tanstack/react-query';
import { createRouter, RouterProvider } from '@tanstack/react-router';
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
// The base styles first, so every component's own stylesheet (imported by the routes) comes after them.
import './styles.css';
// Notes the page the document was opened on before any route renders.
import { openedPlainly } from './lib/firstScreen';
// In the entry's file: the pages that render their first screen first share it, and it is too small
// to be one more file each of them fetches.
import './ui/BelowTheFold';
import { createQueryClient } from './lib/queryClient';
import { routeTree } from './routeTree.gen';
import { buildIsStale, onPreloadError, prefetchQuietly } from './lib/staleBuild';

const queryClient = createQueryClient();

window.addEventListener('vite:preloadError', (event) => onPreloadError(event));

// The first page of a plain load is at the top with nothing to restore: the router's scroll to the top
// after it renders would only force a layout inside the render's task, lengthening the page's longest task.
let firstRender = true;
const restoreScroll = () => {
  const skip = firstRender && openedPlainly();
  firstRender = false;
  return !skip;
};

const router = createRouter({
  routeTree,
  context: { queryClient },
  defaultPreload: 'intent',
  // React Query decides freshness; the router must not keep its own copy of loader data.
  defaultPreloadStaleTime: 0,
  scrollRestoration: restoreScroll,
});

// The router preloads a link's route when the pointer rests on it: a background load, whose failure
// after a deploy must not reload the page (lib/staleBuild.ts). Once the build is known to be stale,
// the next navigation loads the page anew, which brings the new build.
const preloadRoute = router.preloadRoute;
router.preloadRoute = ((opts) => prefetchQuietly(() => preloadRoute(opts))) as typeof preloadRoute;
router.subscribe('onBeforeNavigate', ({ toLocation, pathChanged }) => {
  if (buildIsStale() && pathChanged) window.location.assign(toLocation.href);
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
