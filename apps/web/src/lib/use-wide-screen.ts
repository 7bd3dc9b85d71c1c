import { useSyncExternalStore } from 'react';

/** Tailwind's `sm` breakpoint: below it the layout is a phone's. */
const WIDE_QUERY = '(min-width: 40rem)';

const canMatch = () => typeof window !== 'undefined' && typeof window.matchMedia === 'function';

function subscribe(onChange: () => void): () => void {
  if (!canMatch()) return () => {};
  const query = window.matchMedia(WIDE_QUERY);
  query.addEventListener('change', onChange);
  return () => query.removeEventListener('change', onChange);
}

/**
 * Whether the window is at least as wide as the `sm` breakpoint, following it as it changes. Where the width
 * cannot be asked, the screen counts as wide.
 */
export function useWideScreen(): boolean {
  return useSyncExternalStore(subscribe, () => !canMatch() || window.matchMedia(WIDE_QUERY).matches);
}
