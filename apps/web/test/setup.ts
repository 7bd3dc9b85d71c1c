import '@testing-library/jest-dom/vitest';
import { cleanup } from '@testing-library/react';
import { afterEach, vi } from 'vitest';
import { initAppI18n } from '@/i18n/app-i18n';
import { i18n } from '@/i18n/i18n';

// Every catalog loaded, in English (the language of jsdom's navigator), as the app does before its first render.
await initAppI18n();
await i18n.loadLanguages(['de', 'es', 'ar']);

afterEach(async () => {
  cleanup();
  // A test that switched the language (and so remembered it) leaves the next one in English.
  if (i18n.language !== 'en') await i18n.changeLanguage('en');
  localStorage.clear();
  vi.restoreAllMocks();
});

// jsdom has no layout, so no ResizeObserver; Radix's popups (the tooltip) measure with one.
globalThis.ResizeObserver ??= class {
  observe() {}
  unobserve() {}
  disconnect() {}
};

// An unexpected console.error fails the test: it usually means a React warning or a crash.
const originalError = console.error;
console.error = (...args: unknown[]) => {
  originalError(...args);
  throw new Error(`console.error was called: ${String(args[0])}`);
};
