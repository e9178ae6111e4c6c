import { beforeEach, describe, expect, it, vi } from 'vitest';

// A fresh module per test: the prefetch counter and the stale flag are module state.
async function fresh() {
  vi.resetModules();
  return import('../../../web/src/lib/staleBuild');
}

const preloadError = () => new Event('vite:preloadError', { cancelable: true });

describe('a lazy chunk gone after a deploy', () => {
  it('a widget someone waits for (lazyChunk) reloads the page when its chunk fails, even while a prefetch of it runs; once a minute', async () => {
    const { lazyChunk, prefetchQuietly } = await fresh();
    const reload = vi.fn();
    let fail!: (e: Error) => void;
    const pending = new Promise<never>((_, reject) => (fail = reject));
    // Focus prefetched the chunk a moment before the press rendered the widget: both wait on the same load.
    const prefetch = prefetchQuietly(() => pending);
    const widget = lazyChunk(() => pending, reload)();
    let settled = false;
    void widget.then(
      () => (settled = true),
      () => (settled = true),
    );
    fail(new Error('Failed to fetch dynamically imported module'));
    await prefetch;
    await new Promise((r) => setTimeout(r, 0));
    expect(reload).toHaveBeenCalledTimes(1);
    // While the page reloads the widget stays pending (its Suspense fallback shows), not an error.
    expect(settled).toBe(false);
    // Within the minute a failing load shows its error instead of reloading again.
    await expect(lazyChunk(() => Promise.reject(new Error('gone')), reload)()).rejects.toThrow('gone');
    expect(reload).toHaveBeenCalledTimes(1);
  });

  it('a widget whose chunk loads gets its module', async () => {
    const { lazyChunk } = await fresh();
    await expect(lazyChunk(async () => ({ default: 'chart' }))()).resolves.toEqual({ default: 'chart' });
  });

  beforeEach(() => sessionStorage.clear());

  it('a chunk someone waits for reloads the page once, and not again within a minute', async () => {
    const { onPreloadError, buildIsStale } = await fresh();
    const reload = vi.fn();
    const first = preloadError();
    onPreloadError(first, reload);
    expect(reload).toHaveBeenCalledTimes(1);
    // Handled: Vite does not throw the error at the caller of the import.
    expect(first.defaultPrevented).toBe(true);
    const second = preloadError();
    onPreloadError(second, reload);
    expect(reload).toHaveBeenCalledTimes(1);
    // The second time the error reaches the page, which shows it.
    expect(second.defaultPrevented).toBe(false);
    // And the next navigation is a full page load.
    expect(buildIsStale()).toBe(true);
  });

  it('a prefetch that fails (hover, focus, a link the pointer rests on) does not reload: the build is marked stale', async () => {
    const { onPreloadError, prefetchQuietly, buildIsStale } = await fresh();
    const reload = vi.fn();
    // The failing import reports the error while it rejects, as Vite's preload wrapper does.
    const failing = () =>
      Promise.reject(new Error('Failed to fetch dynamically imported module')).catch((err: unknown) => {
        onPreloadError(preloadError(), reload);
        throw err;
      });
    await expect(prefetchQuietly(failing)).resolves.toBeUndefined();
    expect(reload).not.toHaveBeenCalled();
    expect(buildIsStale()).toBe(true);
    // Once the prefetch is over, a load someone waits for reloads as before.
    onPreloadError(preloadError(), reload);
    expect(reload).toHaveBeenCalledTimes(1);
  });

  it('a prefetch that succeeds passes its module through and leaves the build fresh', async () => {
    const { prefetchQuietly, buildIsStale } = await fresh();
    await expect(prefetchQuietly(async () => ({ default: 'panel' }))).resolves.toEqual({ default: 'panel' });
    expect(buildIsStale()).toBe(false);
  });

  it('a prefetch that throws before it starts does not leave the page thinking a prefetch is running', async () => {
    const { onPreloadError, prefetchQuietly } = await fresh();
    const reload = vi.fn();
    await prefetchQuietly(() => {
      throw new Error('no');
    });
    onPreloadError(preloadError(), reload);
    expect(reload).toHaveBeenCalledTimes(1);
  });
});
