import { QueryClientProvider, type QueryClient } from '@tanstack/react-query';
import { createRootRouteWithContext, createRouter, RouterProvider, type AnyRoute } from '@tanstack/react-router';
import { act, cleanup, render } from '@testing-library/react';
import type { ReactNode } from 'react';
import { vi } from 'vitest';
import { GateDialogs } from '../../web/src/features/layout/GateDialogs';
import { gateStore } from '../../web/src/lib/gate';
import { createQueryClient } from '../../web/src/lib/queryClient';
import type { RouterContext } from '../../web/src/lib/routerContext';
import { setToken } from '../../web/src/lib/token';
import { Toaster } from '../../web/src/ui/Toaster';
import { toastStore } from '../../web/src/ui/toast';

/** One recorded call at the HTTP boundary. */
export interface SeenRequest {
  method: string;
  path: string;
  headers: Headers;
  body: unknown;
}

type Reply = { status?: number; body: unknown };

/**
 * Stubs `fetch`, the SPA's HTTP boundary, with answers keyed by 'METHOD /api/path'.
 * Unknown calls answer the worker's NOT_FOUND envelope, so a wrong path shows up as a failing test.
 */
export function stubApi(routes: Record<string, Reply | ((req: SeenRequest) => Reply)>) {
  const seen: SeenRequest[] = [];
  vi.stubGlobal(
    'fetch',
    vi.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
      const url = new URL(String(input), 'http://localhost');
      const req: SeenRequest = {
        method: (init?.method ?? 'GET').toUpperCase(),
        path: url.pathname,
        headers: new Headers(init?.headers),
        body: typeof init?.body === 'string' ? JSON.parse(init.body) : undefined,
      };
      seen.push(req);
      const route = routes[`${req.method} ${req.path}`];
      const reply = typeof route === 'function' ? route(req) : (route ?? { status: 404, body: errorBody('NOT_FOUND', '接口不存在') });
      return new Response(JSON.stringify(reply.body), { status: reply.status ?? 200, headers: { 'Content-Type': 'application/json' } });
    }),
  );
  return seen;
}

export const okBody = (data: unknown) => ({ status: 'success', data });
export const errorBody = (code: string, msg: string) => ({ status: 'error', code, msg, requestId: 'test-req' });

export const meBody = (over: Partial<{ username: string; isVip: boolean; svip: boolean; juzibtc: number }> = {}) =>
  okBody({ id: 1, account: 'user@demo.local', username: '测试用户', isVip: false, svip: false, juzibtc: 20, ...over });

/** Puts the browser at `path` (the gate reads the area from window.location, like in the app). */
export function visit(path: string) {
  window.history.replaceState(null, '', path);
}

/**
 * Renders `ui` (await it) inside the app's providers: the real QueryClient (with the gate on its caches),
 * a router, the gate's dialogs and the toaster.
 */
export function renderInApp(ui: ReactNode, opts: { queryClient?: QueryClient } = {}) {
  const queryClient = opts.queryClient ?? createQueryClient();
  const root = createRootRouteWithContext<RouterContext>()({
    component: () => (
      <>
        {ui}
        <GateDialogs />
        <Toaster />
      </>
    ),
    notFoundComponent: () => null,
  });
  return renderRouter(root, queryClient);
}

/** Renders a route tree (e.g. the app's real root route) at the current window location. */
export async function renderRouter(routeTree: AnyRoute, queryClient: QueryClient = createQueryClient()) {
  const router = createRouter({ routeTree, context: { queryClient } });
  // Resolve the first match (beforeLoad, redirects) before rendering, as the app's first paint does.
  await act(() => router.load());
  const utils = render(
    <QueryClientProvider client={queryClient}>
      <RouterProvider router={router} />
    </QueryClientProvider>,
  );
  return { ...utils, router, queryClient };
}

/** Resets every global store the shell keeps outside React. */
export function resetApp() {
  cleanup();
  act(() => {
    gateStore.set(null);
    toastStore.set([]);
    setToken(null);
  });
  localStorage.clear();
  vi.unstubAllGlobals();
  visit('/');
}
