import { useEffect, useMemo, useRef } from 'react';

/**
 * Calls `callback` once calls have stopped for `delayMs`, with the arguments of the last call. `cancel`
 * drops a pending call; unmounting drops it too.
 */
export function useDebouncedCallback<A extends unknown[]>(
  callback: (...args: A) => void,
  delayMs: number,
): { schedule: (...args: A) => void; cancel: () => void } {
  const timer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);
  const latest = useRef(callback);
  useEffect(() => {
    latest.current = callback;
  });
  useEffect(() => () => clearTimeout(timer.current), []);
  return useMemo(
    () => ({
      schedule: (...args: A) => {
        clearTimeout(timer.current);
        timer.current = setTimeout(() => latest.current(...args), delayMs);
      },
      cancel: () => clearTimeout(timer.current),
    }),
    [delayMs],
  );
}
