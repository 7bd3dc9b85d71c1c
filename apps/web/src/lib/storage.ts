import { isJsonObject, type AuthUser, type UserType } from '@quorum/contract';

/** Browser storage keys: the session, and the admin login's failure count and lockout end. */
export const STORAGE_KEYS = {
  token: 'token',
  userType: 'userType',
  userData: 'userData',
  adminRetryCount: 'adminRetryCount',
  adminLockoutEnd: 'adminLockoutEnd',
  /** The workspace the dashboard showed last. */
  workspace: 'quorum.workspace',
} as const;

/** userData: the user object plus its role. */
export type StoredUser = AuthUser & { role: UserType };

export interface StoredSession {
  token: string;
  userType: UserType;
  user: StoredUser;
}

export function readSession(): StoredSession | null {
  const token = localStorage.getItem(STORAGE_KEYS.token);
  const userType = localStorage.getItem(STORAGE_KEYS.userType);
  const raw = localStorage.getItem(STORAGE_KEYS.userData);
  if (!token || !isUserType(userType) || !raw) return null;
  const user = storedUserOf(raw);
  return user && { token, userType, user };
}

const isUserType = (value: unknown): value is UserType => value === 'user' || value === 'admin';

/**
 * The user object as writeSession stored it, or null for anything else (not JSON, or without its fields). Checked
 * by hand, not with the contract's schema: this file is part of the public page, which loads no zod.
 */
function storedUserOf(raw: string): StoredUser | null {
  let parsed: unknown;
  try {
    parsed = JSON.parse(raw);
  } catch {
    return null;
  }
  if (!isJsonObject(parsed)) return null;
  const { id, name, email, type, role } = parsed;
  if (typeof id !== 'string' || typeof name !== 'string' || typeof email !== 'string') return null;
  return isUserType(type) && isUserType(role) ? { id, name, email, type, role } : null;
}

export function writeSession(token: string, user: AuthUser): StoredSession {
  const stored: StoredUser = { ...user, role: user.type };
  localStorage.setItem(STORAGE_KEYS.token, token);
  localStorage.setItem(STORAGE_KEYS.userType, user.type);
  localStorage.setItem(STORAGE_KEYS.userData, JSON.stringify(stored));
  return { token, userType: user.type, user: stored };
}

export function clearSession(): void {
  localStorage.removeItem(STORAGE_KEYS.token);
  localStorage.removeItem(STORAGE_KEYS.userType);
  localStorage.removeItem(STORAGE_KEYS.userData);
}

export function storedToken(): string | null {
  return localStorage.getItem(STORAGE_KEYS.token);
}
