import { createRootRouteWithContext, Outlet, redirect, useMatches } from '@tanstack/react-router';
import { ExportDialogHost } from '../features/exports/ExportDialogHost';
import { Footer } from '../features/layout/Footer';
import { GateDialogs } from '../features/layout/GateDialogs';
import { Header } from '../features/layout/Header';
import { mobileRedirect } from '../lib/mobile';
import { rewriteToShownSearch } from '../lib/searchParams';
import type { RouterContext } from '../lib/routerContext';
import { Toaster } from '../ui/Toaster';
import { NotFound } from './-NotFound';

declare module '@tanstack/react-router' {
  interface StaticDataRouteOption {
    /** The area draws its own header and footer (the SaaS pages, the app's share pages). */
    ownChrome?: boolean;
  }
}

export const Route = createRootRouteWithContext<RouterContext>()({
  beforeLoad: (ctx) => {
    const target = mobileRedirect(ctx.location.pathname, navigator.userAgent);
    // href, not a typed `to`: /healthMobile belongs to the healthcare area's route folder.
    if (target) throw redirect({ href: target, replace: true });
    // A hand-edited or stale link: the page shows the defaults in place of bad values, and the
    // address bar says what is shown.
    rewriteToShownSearch(ctx);
  },
  component: RootLayout,
  notFoundComponent: NotFound,
});

function RootLayout() {
  const ownChrome = useMatches({ select: (ms) => ms.some((m) => m.staticData?.ownChrome) });
  // The outlet keeps its place in the tree either way, so a page never remounts when the flag settles.
  return (
    <div className={ownChrome ? 'app app-own-chrome' : 'app'}>
      {!ownChrome && <Header />}
      {/* id="main": the skip link's target (href="#main"), so it also works without script. */}
      <main className="main" id="main">
        <Outlet />
      </main>
      {!ownChrome && <Footer />}
      <GateDialogs />
      <ExportDialogHost />
      <Toaster />
    </div>
  );
}
