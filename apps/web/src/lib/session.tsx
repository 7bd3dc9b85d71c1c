import { createContext, useCallback, useContext, useEffect, useMemo, useState, type ReactNode } from 'react';
import type { AuthUser, UserType, VerifyTokenResponse } from '@quorum/contract';
import { api } from './api-client';
import { clearSession, readSession, writeSession, type StoredSession } from './storage';

export type SessionState =
  | { status: 'loading'; session: null }
  | { status: 'signed-out'; session: null }
  | { status: 'signed-in'; session: StoredSession };

interface SessionApi {
  state: SessionState;
  signIn(token: string, user: AuthUser): void;
  signOut(): void;
  /** Refreshes the stored user data (after a profile update). */
  updateUser(user: AuthUser): void;
  /** Replaces the token (after a password change). */
  updateToken(token: string): void;
}

const SessionContext = createContext<SessionApi | null>(null);

export function verifyPath(role: UserType): string {
  return role === 'admin' ? '/api/admin/auth/verify-admin-token' : '/api/user/auth/verify-user-token';
}

/**
 * On load, a stored token plus stored user type and data are verified
 * with the server; when invalid, the stored auth data is cleared.
 */
export function SessionProvider({ children }: { children: ReactNode }) {
  const [state, setState] = useState<SessionState>(() =>
    readSession() ? { status: 'loading', session: null } : { status: 'signed-out', session: null },
  );

  useEffect(() => {
    const stored = readSession();
    if (!stored) return;
    let cancelled = false;
    api<VerifyTokenResponse>(verifyPath(stored.userType))
      .then(({ user }) => {
        if (cancelled) return;
        if (user.type !== stored.userType) throw new Error('role mismatch');
        setState({ status: 'signed-in', session: writeSession(stored.token, user) });
      })
      .catch(() => {
        if (cancelled) return;
        clearSession();
        setState({ status: 'signed-out', session: null });
      });
    return () => {
      cancelled = true;
    };
  }, []);

  const signIn = useCallback((token: string, user: AuthUser) => {
    setState({ status: 'signed-in', session: writeSession(token, user) });
  }, []);
  const signOut = useCallback(() => {
    clearSession();
    setState({ status: 'signed-out', session: null });
  }, []);
  const updateUser = useCallback((user: AuthUser) => {
    setState((current) =>
      current.status === 'signed-in'
        ? { status: 'signed-in', session: writeSession(current.session.token, user) }
        : current,
    );
  }, []);
  const updateToken = useCallback((token: string) => {
    setState((current) =>
      current.status === 'signed-in'
        ? { status: 'signed-in', session: writeSession(token, current.session.user) }
        : current,
    );
  }, []);

  const value = useMemo(
    () => ({ state, signIn, signOut, updateUser, updateToken }),
    [state, signIn, signOut, updateUser, updateToken],
  );
  return <SessionContext.Provider value={value}>{children}</SessionContext.Provider>;
}

export function useSession(): SessionApi {
  const value = useContext(SessionContext);
  if (!value) throw new Error('useSession must be used inside SessionProvider');
  return value;
}
