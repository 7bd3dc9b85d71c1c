/**
 * A message for the login page from a screen that signs the visitor out (after deleting the account, say).
 * Kept in sessionStorage for the one visit: signing out sends the visitor to the login page by itself, so the
 * message cannot travel with a navigation. The login page shows it once and clears it.
 */
const KEY = 'loginNotice';

export function leaveLoginNotice(text: string): void {
  sessionStorage.setItem(KEY, text);
}

export function readLoginNotice(): string | null {
  return sessionStorage.getItem(KEY);
}

export function clearLoginNotice(): void {
  sessionStorage.removeItem(KEY);
}
