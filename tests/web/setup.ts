// The web project shares one worker and one happy-dom window between its files (isolate: false in
// tests/vitest.config.ts: a new worker and a new window per file were most of its run time on 2 cores).
// What isolation gave each file is restored here, before the file is imported:
// - the app's own modules (stores such as the token, the gate dialogs, toasts, the open export)
//   are evaluated anew for every file, as with isolation (packages such as React stay loaded);
// - the window is blank: an empty page at /, empty storage, no cookies, real timers and the real fetch;
// - after a file, its pending timers and requests are aborted.
import { cleanup, configure } from '@testing-library/react';
import { afterAll, beforeAll, vi } from 'vitest';

vi.resetModules();

// `npm test` runs this project beside the e2e stack and tsc on 2 cores: findBy*/waitFor get 5 s
// (not 1 s) to see what they wait for. It only waits longer; nothing passes that would fail.
configure({ asyncUtilTimeout: 5_000 });

function blankWindow() {
  cleanup();
  vi.useRealTimers();
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
  localStorage.clear();
  sessionStorage.clear();
  for (const c of document.cookie.split(';')) {
    const name = c.split('=')[0]?.trim();
    if (name) document.cookie = `${name}=; expires=Thu, 01 Jan 1970 00:00:00 GMT; path=/`;
  }
  document.head.querySelectorAll('meta[name], link[rel="canonical"]').forEach((el) => el.remove());
  document.body.innerHTML = '';
  document.title = '';
  window.history.replaceState(null, '', '/');
  window.scrollTo(0, 0);
}

/** happy-dom's own handle on the window's timers and requests. */
const happyDOM = (globalThis as { happyDOM?: { abort(): Promise<void> } }).happyDOM;

beforeAll(blankWindow);
afterAll(async () => {
  blankWindow();
  // A timer a file left running (a toast's close timer, a dialog's focus return) must not fire after
  // the file, least of all once the last file's window is torn down and `document` is gone.
  await happyDOM?.abort();
});
