import { useEffect, useRef, useState } from 'react';

const FEEDBACK_MS = 2000;

export type CopyStatus = 'idle' | 'copied' | 'failed';

/**
 * Copies a text to the clipboard and says how it went for two seconds; when the clipboard refuses, the
 * caller's field is selected so the text can be copied by hand.
 */
export function useCopy(selectFallback: () => void) {
  const timer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);
  const [status, setStatus] = useState<CopyStatus>('idle');
  useEffect(() => () => clearTimeout(timer.current), []);

  const copy = async (text: string) => {
    clearTimeout(timer.current);
    try {
      await navigator.clipboard.writeText(text);
      setStatus('copied');
    } catch {
      selectFallback();
      setStatus('failed');
    }
    timer.current = setTimeout(() => setStatus('idle'), FEEDBACK_MS);
  };
  return { status, copy };
}
