import { useCallback } from 'react';
import { useSearchParams } from 'react-router';

/**
 * The response open in the detail dialog, kept in the address (`?response=<id>`) so it can be linked. Opening
 * adds a history entry (Back closes the dialog); closing replaces it.
 */
export function useOpenResponse(): [string | null, (responseId: string | null) => void] {
  const [params, setParams] = useSearchParams();
  const responseId = params.get('response') || null;
  const setOpen = useCallback(
    (next: string | null) =>
      setParams(
        (previous) => {
          const updated = new URLSearchParams(previous);
          if (next === null) updated.delete('response');
          else updated.set('response', next);
          return updated;
        },
        { replace: next === null },
      ),
    [setParams],
  );
  return [responseId, setOpen];
}
