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
    // i18next-icu imports intl-messageformat's default export: Node would hand it the CommonJS build (whose default
    // is an object, so no ICU message is ever formatted); inlined, it gets the ES module the browser build uses.
    server: { deps: { inline: ['i18next-icu'] } },
  },
});
