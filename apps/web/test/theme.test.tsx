import { act, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { ThemeMenu } from '@/components/theme-menu';
import {
  THEME_STORAGE_KEY,
  parseThemeChoice,
  readThemeChoice,
  resolveTheme,
  saveThemeChoice,
  type ThemeChoice,
} from '@/lib/theme';
import themeScript from '../public/theme.js?raw';

/** A `prefers-color-scheme: dark` the test can turn on and off, telling its listeners as a browser does. */
function stubSystemDark(initial: boolean) {
  let dark = initial;
  const listeners = new Set<() => void>();
  vi.stubGlobal('matchMedia', (query: string) => ({
    get matches() {
      return query.includes('dark') && dark;
    },
    media: query,
    addEventListener: (_: string, listener: () => void) => listeners.add(listener),
    removeEventListener: (_: string, listener: () => void) => listeners.delete(listener),
  }));
  return {
    set(next: boolean) {
      dark = next;
      listeners.forEach((listener) => listener());
    },
  };
}

const theme = () => document.documentElement.dataset.theme;

beforeEach(() => {
  stubSystemDark(false);
  saveThemeChoice('system');
});

afterEach(() => {
  vi.unstubAllGlobals();
  delete document.documentElement.dataset.theme;
});

describe('the theme choice', () => {
  it('reads anything but light or dark as System', () => {
    expect(parseThemeChoice('light')).toBe('light');
    expect(parseThemeChoice('dark')).toBe('dark');
    for (const other of [null, undefined, '', 'system', 'Dark', 'blue']) expect(parseThemeChoice(other)).toBe('system');
  });

  it('shows the device setting for System, else the choice', () => {
    const cases: Array<[ThemeChoice, boolean, 'light' | 'dark']> = [
      ['system', false, 'light'],
      ['system', true, 'dark'],
      ['light', true, 'light'],
      ['light', false, 'light'],
      ['dark', false, 'dark'],
      ['dark', true, 'dark'],
    ];
    for (const [choice, systemDark, shown] of cases) expect(resolveTheme(choice, systemDark)).toBe(shown);
  });

  it('keeps Light and Dark in storage, System as nothing, and shows each at once', () => {
    stubSystemDark(true);
    saveThemeChoice('light');
    expect(localStorage.getItem(THEME_STORAGE_KEY)).toBe('light');
    expect(theme()).toBe('light');
    saveThemeChoice('dark');
    expect(localStorage.getItem(THEME_STORAGE_KEY)).toBe('dark');
    expect(readThemeChoice()).toBe('dark');
    expect(theme()).toBe('dark');
    saveThemeChoice('system');
    expect(localStorage.getItem(THEME_STORAGE_KEY)).toBeNull();
    expect(theme()).toBe('dark');
  });
});

describe('the theme menu', () => {
  it('offers the three choices as radio buttons, by keyboard, and closes with Escape', async () => {
    const user = userEvent.setup();
    render(<ThemeMenu />);
    const button = screen.getByRole('button', { name: 'Theme' });
    expect(button).toHaveAttribute('aria-expanded', 'false');
    button.focus();
    await user.keyboard('{Enter}');
    expect(button).toHaveAttribute('aria-expanded', 'true');
    const group = screen.getByRole('group', { name: 'Theme' });
    expect(group).toBeVisible();
    expect(screen.getByRole('radio', { name: 'System' })).toBeChecked();
    expect(screen.getByRole('radio', { name: 'System' })).toHaveFocus();

    await user.click(screen.getByRole('radio', { name: 'Dark' }));
    expect(screen.getByRole('radio', { name: 'Dark' })).toBeChecked();
    expect(localStorage.getItem(THEME_STORAGE_KEY)).toBe('dark');
    expect(theme()).toBe('dark');

    await user.keyboard('{Escape}');
    expect(screen.queryByRole('group', { name: 'Theme' })).toBeNull();
    expect(button).toHaveFocus();
  });

  it('shows a choice made in another menu or tab', async () => {
    const user = userEvent.setup();
    render(<ThemeMenu />);
    await user.click(screen.getByRole('button', { name: 'Theme' }));
    act(() => saveThemeChoice('light'));
    expect(screen.getByRole('radio', { name: 'Light' })).toBeChecked();
    act(() => {
      localStorage.setItem(THEME_STORAGE_KEY, 'dark');
      window.dispatchEvent(new StorageEvent('storage', { key: THEME_STORAGE_KEY }));
    });
    expect(screen.getByRole('radio', { name: 'Dark' })).toBeChecked();
  });
});

describe('public/theme.js, run before the first paint', () => {
  const run = () => new Function(themeScript)() as void;

  it('follows the device for System, also when it changes later', () => {
    const system = stubSystemDark(true);
    run();
    expect(theme()).toBe('dark');
    system.set(false);
    expect(theme()).toBe('light');
  });

  it('applies a stored choice over the device, under the key the menu writes', () => {
    const system = stubSystemDark(true);
    localStorage.setItem(THEME_STORAGE_KEY, 'light');
    run();
    expect(theme()).toBe('light');
    system.set(false);
    localStorage.setItem(THEME_STORAGE_KEY, 'dark');
    window.dispatchEvent(new StorageEvent('storage', { key: THEME_STORAGE_KEY }));
    expect(theme()).toBe('dark');
  });
});
