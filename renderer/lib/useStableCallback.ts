/**
 * A callback whose identity never changes but which always runs the latest `fn`: for handlers passed to
 * memoized parts (a toolbar) that need the page's latest state (the filtered view) only when invoked,
 * so that state changing (each keystroke) does not re-render them.
 */
import { useCallback, useLayoutEffect, useRef } from 'react';

export function useStableCallback<A extends unknown[], R>(fn: (...args: A) => R): (...args: A) => R {
  const latest = useRef(fn);
  useLayoutEffect(() => {
    latest.current = fn;
  });
  return useCallback((...args: A) => latest.current(...args), []);
}
