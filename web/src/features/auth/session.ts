import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api, unwrap } from '../../lib/api';
import { setToken } from '../../lib/token';
import { toast } from '../../ui/toast';

export interface Credentials {
  account: string;
  password: string;
}

/**
 * Login or register: both answer `{ token, expires_at, username }`. Errors stay in the form
 * (meta gate 'off'), since '账号或密码错误' belongs next to the fields, not in a toast.
 */
export function useSignIn(mode: 'login' | 'register', onDone: () => void) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: Credentials) => unwrap(mode === 'login' ? api.auth.login.$post({ json: body }) : api.auth.register.$post({ json: body })),
    meta: { gate: 'off' },
    onSuccess: async (data) => {
      setToken(data.token);
      onDone();
      toast(mode === 'login' ? '登录成功' : '注册成功，已为您登录', { tone: 'success' });
      // Everything cached so far was fetched as a visitor.
      await queryClient.invalidateQueries();
    },
  });
}

/** POST /api/auth/logout, then forget the token and every cached answer. */
export function useLogout() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => unwrap(api.auth.logout.$post()),
    // The session may already be gone on the server; the user still ends up logged out.
    meta: { gate: 'off' },
    onSettled: async () => {
      setToken(null);
      queryClient.removeQueries({ queryKey: ['user'] });
      toast('已退出登录', { tone: 'success' });
      await queryClient.resetQueries();
    },
  });
}
