/**
 * Lazy chunks that are gone after a deploy. A page still running the previous build fails to load a
 * lazy chunk (a route, the ranking panel, a chart) and Vite reports it as `vite:preloadError`.
 * - When someone is waiting for the chunk (they pressed a button, followed a link), the page loads
 *   again, which brings the new build; at most once a minute, so a chunk that is truly missing shows
 *   the error instead of reloading forever.
 * - When nobody is waiting for it (a prefetch on hover or focus, the router's preload of a link the
 *   pointer passes over), reloading would pull the page from under the reader: the page only
 *   remembers that its build is stale, and the next navigation is a full page load instead.
 */
const RELOADED_AT = 'juzi_chunk_reload_at';

let prefetching = 0;
let stale = false;

/** Starts a background load (a prefetch) whose failure must not reload the page; never rejects. */
export function prefetchQuietly<T>(load: () => Promise<T>): Promise<T | undefined> {
  prefetching++;
  let p: Promise<T>;
  try {
    p = load();
  } catch {
    prefetching--;
    return Promise.resolve(undefined);
  }
  // Vite dispatches the event inside the import's own rejection handler, before this one runs.
  return p.then(
    (v) => v,
    () => undefined,
  ).finally(() => {
    prefetching--;
  });
}

/** True once a prefetch found the build stale: the next navigation should be a full page load. */
export const buildIsStale = () => stale;

/** Reloads the page unless it already did so in the last minute; true when it reloads. */
function reloadOnce(reload: () => void): boolean {
  const last = Number(sessionStorage.getItem(RELOADED_AT) ?? 0);
  if (Date.now() - last < 60_000) return false;
  sessionStorage.setItem(RELOADED_AT, String(Date.now()));
  reload();
  return true;
}

/** The `vite:preloadError` listener (main.tsx); `reload` is injectable for tests. */
export function onPreloadError(event: Event, reload: () => void = () => window.location.reload()): void {
  stale = true;
  // A prefetch is running: nobody may be waiting for this chunk. A load someone does wait for is
  // wrapped in lazyChunk, which reloads when it fails.
  if (prefetching > 0) return;
  if (reloadOnce(reload)) event.preventDefault();
}

/**
 * The loader of a lazy widget (React.lazy's factory): someone is waiting for it, so when it fails
 * after a deploy the page loads again (once a minute at most; after that the error shows). Covers the
 * case where a prefetch of the same chunk was running when it failed.
 */
export function lazyChunk<T>(load: () => Promise<T>, reload: () => void = () => window.location.reload()): () => Promise<T> {
  return () =>
    load().catch((err: unknown) => {
      if (reloadOnce(reload)) return new Promise<T>(() => {});
      throw err;
    });
}
