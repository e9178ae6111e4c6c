import { createStore } from './store';

/** Where the session token is kept between visits. */
export const TOKEN_KEY = 'juzi_token';

function readSaved(): string | null {
  try {
    return localStorage.getItem(TOKEN_KEY);
  } catch {
    // Storage can be blocked (private mode, sandboxed frames): the session then lasts one page view.
    return null;
  }
}

/** The bearer token of the signed-in user, or null for a visitor. */
export const tokenStore = createStore<string | null>(readSaved());

tokenStore.subscribe(() => {
  const token = tokenStore.get();
  try {
    if (token) localStorage.setItem(TOKEN_KEY, token);
    else localStorage.removeItem(TOKEN_KEY);
  } catch {
    // See readSaved: without storage the in-memory token still works.
  }
});

/**
 * True once the worker has refused the saved token (expired or revoked: LOGIN_REQUIRED for a token it
 * does not know) until the next sign-in: the login dialog then says '登录已过期，请重新登录'.
 */
export const sessionExpiredStore = createStore(false);

export const getToken = () => tokenStore.get();
/** Sign-in, logout: a deliberate change, so no '登录已过期' afterwards. */
export function setToken(token: string | null): void {
  sessionExpiredStore.set(false);
  tokenStore.set(token);
}

/** The worker refused `token`: forget it (if it is still the current one) and remember that the session expired. */
export function dropStaleToken(token: string): void {
  if (tokenStore.get() !== token) return;
  sessionExpiredStore.set(true);
  tokenStore.set(null);
}
