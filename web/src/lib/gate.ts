import { useQueryClient } from '@tanstack/react-query';
import { useCallback, useEffect } from 'react';
import { meQueryOptions } from '../features/auth/me';
import { toast } from '../ui/toast';
import { ApiError } from './api';
import { createStore, useStore } from './store';
import { getToken, sessionExpiredStore } from './token';

/**
 * The one place that turns API error codes into what the user sees:
 * LOGIN_REQUIRED -> login dialog, VIP_REQUIRED / SVIP_REQUIRED -> membership prompt,
 * INSUFFICIENT_COINS -> recharge confirm, anything else -> a toast with the server's message.
 * React Query's QueryCache / MutationCache call `handleApiError` for every failed call
 * (lib/queryClient.ts); the dialogs are rendered once by <GateDialogs/> in the root layout.
 */

/** Per-query / per-mutation options for the gate, passed as React Query `meta`. */
export interface GateMeta extends Record<string, unknown> {
  /** The area for `/order?from=<area>`; defaults to the first segment of the current path. */
  from?: string;
  /**
   * 'off': the caller shows the error itself (e.g. inline in a form).
   * 'silent-login': a visitor's LOGIN_REQUIRED opens no dialog (an expired session still gets '登录已过期').
   */
  gate?: 'off' | 'silent-login';
}

declare module '@tanstack/react-query' {
  interface Register {
    queryMeta: GateMeta;
    mutationMeta: GateMeta;
  }
}

export type GateDialog =
  | { kind: 'login'; msg?: string }
  | { kind: 'membership'; from?: string; msg?: string; svip?: boolean; ret?: string }
  | { kind: 'recharge'; from?: string; msg?: string; ret?: string };

export const gateStore = createStore<GateDialog | null>(null);

export const useGateDialog = () => useStore(gateStore);

/** The area a membership / recharge link should report, from the current path. */
export function currentArea(): string | undefined {
  const first = window.location.pathname.split('/')[1];
  return first || undefined;
}

/** The page the buyer is on (path and query), where a purchase started here returns to. */
export function currentPage(): string | undefined {
  const { pathname, search } = window.location;
  return pathname.startsWith('/order') || pathname.startsWith('/pay/') ? undefined : `${pathname}${search}`;
}

/** The current page with some search parameters changed (undefined removes one): where a prompt for the next step returns to. */
export function currentPageWith(changes: Record<string, string | number | undefined>): string {
  const url = new URL(window.location.href);
  for (const [k, v] of Object.entries(changes)) {
    if (v === undefined) url.searchParams.delete(k);
    else url.searchParams.set(k, String(v));
  }
  return `${url.pathname}${url.search}`;
}

/**
 * `/order?from=<area>&return=<path and query>`: the membership upgrade and recharge page; after
 * paying, the buyer lands on `ret` (the current page unless given; the worker keeps it only if it
 * is a page of this site).
 */
export function orderHref(from?: string, ret: string | undefined = currentPage()): string {
  const q = new URLSearchParams();
  if (from) q.set('from', from);
  if (ret) q.set('return', ret);
  const query = q.toString();
  return query ? `/order?${query}` : '/order';
}

/** What the login dialog says when the saved session was refused. */
export const SESSION_EXPIRED_MSG = '登录已过期，请重新登录';

/** The login dialog; after an expired session (any call, in any order) it says so unless given another message. */
export const openLogin = (msg?: string) => gateStore.set({ kind: 'login', msg: msg ?? (sessionExpiredStore.get() ? SESSION_EXPIRED_MSG : undefined) });
export const openMembership = (from = currentArea(), msg?: string, svip = false, ret = currentPage()) => gateStore.set({ kind: 'membership', from, msg, svip, ret });
export const openRecharge = (from = currentArea(), msg?: string, ret = currentPage()) => gateStore.set({ kind: 'recharge', from, msg, ret });
export function closeGate(): void {
  // The user has read '登录已过期': a later gated click opens the plain login dialog.
  if (gateStore.get()?.kind === 'login') sessionExpiredStore.set(false);
  gateStore.set(null);
}

export function handleApiError(error: unknown, meta?: GateMeta): void {
  if (meta?.gate === 'off') return;
  if (!(error instanceof ApiError)) {
    toast('出错了，请稍后重试', { tone: 'error' });
    return;
  }
  const from = meta?.from ?? currentArea();
  switch (error.code) {
    case 'LOGIN_REQUIRED': {
      // apiFetch has already dropped a stale token (lib/token.ts dropStaleToken); the header shows the visitor view.
      const expired = sessionExpiredStore.get();
      if (meta?.gate === 'silent-login' && !expired) return;
      // Several calls may fail at once: the dialog opens once and keeps saying why.
      const open = gateStore.get();
      if (open?.kind === 'login' && (open.msg || !expired)) return;
      openLogin();
      return;
    }
    case 'VIP_REQUIRED':
      openMembership(from, error.message);
      return;
    case 'SVIP_REQUIRED':
      openMembership(from, error.message, true);
      return;
    case 'INSUFFICIENT_COINS':
      openRecharge(from, error.message);
      return;
    default:
      toast(error.message, { tone: error.code === 'INTERNAL' || error.code === 'NETWORK' ? 'error' : 'warning' });
  }
}

/**
 * Runs `action` for a signed-in user; a visitor gets the login dialog instead.
 * Returns whether the action ran. Use for filters, paging, tabs, row clicks, gated links.
 */
export function requireLogin(action?: () => void): boolean {
  if (getToken() === null) {
    openLogin();
    return false;
  }
  action?.();
  return true;
}

/**
 * For a page part a visitor may not see (a login wall, a refused list): opens the login dialog once
 * when it mounts. A dialog the gate already shows (e.g. '登录已过期…' for an expired token) is kept.
 */
export function useLoginDialogOnMount(): void {
  useEffect(() => {
    if (gateStore.get() === null) openLogin();
  }, []);
}

/** `requireLogin` for components: `const guard = useRequireLogin(); onClick={() => guard(() => setPage(p))}`. */
export function useRequireLogin(): (action?: () => void) => boolean {
  return useCallback((action?: () => void) => requireLogin(action), []);
}

/**
 * Runs `action` for a VIP; a visitor gets the login dialog, a plain user the membership prompt
 * linking to `/order?from=<from>`. Waits for the user info if it is still loading.
 */
export function useRequireVip(from?: string): (action?: () => void, ret?: string) => Promise<boolean> {
  const queryClient = useQueryClient();
  return useCallback(
    async (action?: () => void, ret?: string) => {
      if (!requireLogin()) return false;
      const me = await queryClient.ensureQueryData(meQueryOptions()).catch(() => null);
      // The failed user-info call already went through the gate (e.g. expired token).
      if (!me) return false;
      if (!me.isVip) {
        openMembership(from, undefined, false, ret ?? currentPage());
        return false;
      }
      action?.();
      return true;
    },
    [queryClient, from],
  );
}
