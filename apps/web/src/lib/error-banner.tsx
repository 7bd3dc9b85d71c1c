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
  const [message, setMessage] = useState<string | null>(null);
  const timer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);
  const { pathname } = useLocation();

  const clearError = useCallback(() => {
    clearTimeout(timer.current);
    setMessage(null);
  }, []);
  const showError = useCallback((next: string) => {
    clearTimeout(timer.current);
    setMessage(next);
    timer.current = setTimeout(() => setMessage(null), BANNER_TIMEOUT_MS);
  }, []);

  // Navigating clears the message.
  const [messagePathname, setMessagePathname] = useState(pathname);
  if (pathname !== messagePathname) {
    setMessagePathname(pathname);
    setMessage(null);
  }
  useEffect(() => () => clearTimeout(timer.current), []);

  const value = useMemo(() => ({ message, showError, clearError }), [message, showError, clearError]);
  return <ErrorBannerContext.Provider value={value}>{children}</ErrorBannerContext.Provider>;
}

export function useErrorBanner(): ErrorBannerApi {
  const value = useContext(ErrorBannerContext);
  if (!value) throw new Error('useErrorBanner must be used inside ErrorBannerProvider');
  return value;
}
