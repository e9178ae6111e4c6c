import { queryOptions, useQuery } from '@tanstack/react-query';
import { api, unwrap, type DataOf } from '../../lib/api';
import { useStore } from '../../lib/store';
import { tokenStore } from '../../lib/token';

/** GET /api/user/info: username, isVip, svip, juzibtc (coin balance). */
export const meQueryOptions = () =>
  queryOptions({
    queryKey: ['user', 'info'],
    queryFn: () => unwrap(api.user.info.$get()),
    // An expired token answers LOGIN_REQUIRED here: apiFetch drops it and the gate says '登录已过期，请重新登录'.
    meta: { gate: 'silent-login' },
    staleTime: 30_000,
  });

export type Me = DataOf<Awaited<ReturnType<typeof api.user.info.$get>>>;

export const useToken = () => useStore(tokenStore);

/** The signed-in user; disabled (no request) for a visitor. */
export function useMe() {
  const token = useToken();
  return useQuery({ ...meQueryOptions(), enabled: token !== null });
}

/** What the UI needs to hide or block by role. The worker remains the authority. */
export function useViewer() {
  const token = useToken();
  const me = useMe();
  const data = token ? me.data : undefined;
  return {
    loggedIn: token !== null,
    me: data,
    isVip: data?.isVip ?? false,
    svip: data?.svip ?? false,
    loading: token !== null && me.isPending,
  };
}
