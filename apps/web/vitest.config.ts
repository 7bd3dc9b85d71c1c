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
    // i18next-icu's ESM build default-imports intl-messageformat; run by Node that is the CommonJS module object (not
    // the class) and every ICU message would stay unformatted. Bundled by Vite, it gets the ESM build, as in the app.
    server: { deps: { inline: ['i18next-icu'] } },
  },
});
