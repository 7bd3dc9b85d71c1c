import { useCallback } from 'react';
import { useSearchParams } from 'react-router';

/**
 * One of `choices` (a tab, a view), read from the address as `?name=value`, so a reload or a shared link
 * keeps it. The first choice is the default and is left out of the address; choosing replaces the
 * history entry, so Back still leaves the screen.
 */
export function useSearchParamChoice<T extends string>(
  name: string,
  choices: readonly [T, ...T[]],
): [T, (choice: T) => void] {
  const [params, setParams] = useSearchParams();
  const current = params.get(name);
  const value = choices.find((choice) => choice === current) ?? choices[0];
  const fallback = choices[0];
  const choose = useCallback(
    (choice: T) =>
      setParams(
        (previous) => {
          const next = new URLSearchParams(previous);
          if (choice === fallback) next.delete(name);
          else next.set(name, choice);
          return next;
        },
        { replace: true },
      ),
    [name, fallback, setParams],
  );
  return [value, choose];
}
