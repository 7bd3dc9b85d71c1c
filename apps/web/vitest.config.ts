import path from 'node:path';
import react from '@vitejs/plugin-react';
import { defineProject } from 'vitest/config';

export default defineProject({
  plugins: [react()],
  // `@/…` is src and `@test/…` the test support (the same `paths` as tsconfig.json).
  resolve: {
    alias: [
      { find: /^@\//, replacement: `${path.resolve(import.meta.dirname, 'src')}/` },
      { find: /^@test\//, replacement: `${path.resolve(import.meta.dirname, 'test')}/` },
    ],
  },
  test: {
    name: 'web',
    root: import.meta.dirname,
    include: ['test/**/*.test.{ts,tsx}', 'src/**/*.test.{ts,tsx}'],
    environment: 'jsdom',
    setupFiles: ['./test/setup.ts'],
    // i18next-icu imports intl-messageformat's CommonJS build by default; Node's interop would hand it the module
    // object instead of the class, so every ICU message would fall back to its raw text. Vite's interop gets it right.
    server: { deps: { inline: ['i18next-icu'] } },
  },
});
