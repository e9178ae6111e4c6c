import { createRootRouteWithContext, Outlet, redirect } from '@tanstack/react-router';
import { ExportDialogHost } from '../features/exports/ExportDialogHost';
import { Footer } from '../features/layout/Footer';
import { GateDialogs } from '../features/layout/GateDialogs';
import { Header } from '../features/layout/Header';
import { mobileRedirect } from '../lib/mobile';
import type { RouterContext } from '../lib/routerContext';
import { Toaster } from '../ui/Toaster';
import { NotFound } from './-NotFound';

export const Route = createRootRouteWithContext<RouterContext>()({
  beforeLoad: ({ location }) => {
    const target = mobileRedirect(location.pathname, navigator.userAgent);
    // href, not a typed `to`: /healthMobile belongs to the healthcare area's route folder.
    if (target) throw redirect({ href: target, replace: true });
  },
  component: RootLayout,
  notFoundComponent: NotFound,
});

function RootLayout() {
  return (
    <div className="app">
      <Header />
      <main className="main">
        <Outlet />
      </main>
      <Footer />
      <GateDialogs />
      <ExportDialogHost />
      <Toaster />
    </div>
  );
}
