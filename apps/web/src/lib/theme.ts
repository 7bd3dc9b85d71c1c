import { useCallback, useSyncExternalStore } from 'react';

/**
 * The colour theme: the person's choice (System follows the device), kept in localStorage. public/theme.js applies
 * the same rule before the first paint and follows the device's changes; this module is what the theme menu reads
 * and changes.
 */
export type ThemeChoice = 'system' | 'light' | 'dark';
export type Theme = 'light' | 'dark';

export const THEME_STORAGE_KEY = 'quorum.theme';

const DARK_QUERY = '(prefers-color-scheme: dark)';

/** A stored value as a choice: anything but "light" or "dark" (nothing stored included) is System. */
export function parseThemeChoice(value: string | null | undefined): ThemeChoice {
  return value === 'light' || value === 'dark' ? value : 'system';
}

/** The theme a choice shows: System is the device's. */
export function resolveTheme(choice: ThemeChoice, systemDark: boolean): Theme {
  return choice === 'system' ? (systemDark ? 'dark' : 'light') : choice;
}

export function readThemeChoice(): ThemeChoice {
  try {
    return parseThemeChoice(localStorage.getItem(THEME_STORAGE_KEY));
  } catch {
    return 'system';
  }
}

function systemPrefersDark(): boolean {
  return typeof window.matchMedia === 'function' && window.matchMedia(DARK_QUERY).matches;
}

/** Shows `choice` on the page: `data-theme` on <html>, which the stylesheet's palette follows. */
export function applyThemeChoice(choice: ThemeChoice, root: HTMLElement = document.documentElement): Theme {
  const theme = resolveTheme(choice, systemPrefersDark());
  root.dataset.theme = theme;
  return theme;
}

const listeners = new Set<() => void>();
/** The choice shown, read from storage once, then changed by saveThemeChoice and by other tabs. */
let current: ThemeChoice | null = null;

/** Keeps `choice` (System removes the stored value) and shows it. */
export function saveThemeChoice(choice: ThemeChoice): void {
  try {
    if (choice === 'system') localStorage.removeItem(THEME_STORAGE_KEY);
    else localStorage.setItem(THEME_STORAGE_KEY, choice);
  } catch {
    // Storage refused (private mode, full): the choice holds for this page only.
  }
  applyThemeChoice(choice);
  current = choice;
  listeners.forEach((listener) => listener());
}

function subscribe(listener: () => void): () => void {
  listeners.add(listener);
  // Another tab's choice: public/theme.js applies it; the menu shows it.
  const onStorage = (event: StorageEvent) => {
    if (event.key !== THEME_STORAGE_KEY && event.key !== null) return;
    current = readThemeChoice();
    listener();
  };
  window.addEventListener('storage', onStorage);
  return () => {
    listeners.delete(listener);
    window.removeEventListener('storage', onStorage);
  };
}

function snapshot(): ThemeChoice {
  current ??= readThemeChoice();
  return current;
}

/** The current choice and a function that changes it (stored, shown at once, in every menu). */
export function useThemeChoice(): [ThemeChoice, (choice: ThemeChoice) => void] {
  const choice = useSyncExternalStore(subscribe, snapshot, () => 'system' as const);
  const change = useCallback((next: ThemeChoice) => saveThemeChoice(next), []);
  return [choice, change];
}
