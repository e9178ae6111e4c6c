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

export const getToken = () => tokenStore.get();
export const setToken = (token: string | null) => tokenStore.set(token);
