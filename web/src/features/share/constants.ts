/** Where '打开App' goes: the app's link scheme with the page's path, so the app opens the same item. */
export const appLinkFor = (path: string) => `juziapp://open?path=${encodeURIComponent(path)}`;
