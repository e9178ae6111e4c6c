import { createRootRouteWithContext, Outlet, type AnyRoute } from '@tanstack/react-router';
import { GateDialogs } from '../../../web/src/features/layout/GateDialogs';
import type { RouterContext } from '../../../web/src/lib/routerContext';
import { Route as closureLayoutRoute } from '../../../web/src/routes/_closure/route';
import { Toaster } from '../../../web/src/ui/Toaster';

/**
 * The closed-company area's layout with the given pages, under a bare root with the gate's dialogs
 * and the toaster (the app's header is not under test), wired as routeTree.gen.ts wires them.
 */
export function closureTree(pages: Record<string, AnyRoute>) {
  const root = createRootRouteWithContext<RouterContext>()({
    component: () => (
      <>
        <Outlet />
        <GateDialogs />
        <Toaster />
      </>
    ),
  });
  const layout = closureLayoutRoute.update({ id: '/_closure', getParentRoute: () => root } as never);
  const children = Object.entries(pages).map(([path, route]) => route.update({ id: path, path, getParentRoute: () => layout } as never));
  return root.addChildren([layout.addChildren(children)]);
}
