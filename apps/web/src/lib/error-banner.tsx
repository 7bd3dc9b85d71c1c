import { createContext, useCallback, useContext, useEffect, useMemo, useRef, useState, type ReactNode } from 'react';
import { useLocation } from 'react-router';

/** Error banners auto-dismiss after 5 seconds. */
export const BANNER_TIMEOUT_MS = 5000;

interface ErrorBannerApi {
  message: string | null;
  showError(message: string): void;
  clearError(): void;
}

const ErrorBannerContext = createContext<ErrorBannerApi | null>(null);

/** One place for the current error message; navigating clears it. */
export function ErrorBannerProvider({ children }: { children: ReactNode }) {
  // `raised` counts the messages shown, so the same message raised again restarts its 5 seconds.
  const [banner, setBanner] = useState<{ message: string; raised: number } | null>(null);
  const raised = useRef(0);
  const { pathname } = useLocation();

  const clearError = useCallback(() => setBanner(null), []);
  const showError = useCallback((message: string) => {
    raised.current += 1;
    setBanner({ message, raised: raised.current });
  }, []);

  // The 5 seconds start once the banner is on the screen, however long the page took to show it.
  useEffect(() => {
    if (!banner) return;
    const timer = setTimeout(() => setBanner(null), BANNER_TIMEOUT_MS);
    return () => clearTimeout(timer);
  }, [banner]);

  // Navigating clears the message.
  const [messagePathname, setMessagePathname] = useState(pathname);
  if (pathname !== messagePathname) {
    setMessagePathname(pathname);
    setBanner(null);
  }

  const message = banner?.message ?? null;
  const value = useMemo(() => ({ message, showError, clearError }), [message, showError, clearError]);
  return <ErrorBannerContext.Provider value={value}>{children}</ErrorBannerContext.Provider>;
}

export function useErrorBanner(): ErrorBannerApi {
  const value = useContext(ErrorBannerContext);
  if (!value) throw new Error('useErrorBanner must be used inside ErrorBannerProvider');
  return value;
}
