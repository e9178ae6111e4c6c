import { useCallback, useEffect, useRef } from 'react';

/** Spec §9: searches and filters follow the input this long after the last change. */
export const INPUT_DEBOUNCE_MS = 300;

/**
 * A debounced caller: each call restarts the wait, and `ms` after the last one `fn` runs once with
 * that call's arguments (the `fn` of the latest render). A pending call is dropped on unmount.
 */
export function useDebounced<A extends unknown[]>(fn: (...args: A) => void, ms = INPUT_DEBOUNCE_MS): (...args: A) => void {
  const timer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);
  const latest = useRef(fn);
  latest.current = fn;
  useEffect(() => () => clearTimeout(timer.current), []);
  return useCallback(
    (...args: A) => {
      clearTimeout(timer.current);
      timer.current = setTimeout(() => latest.current(...args), ms);
    },
    [ms],
  );
}
