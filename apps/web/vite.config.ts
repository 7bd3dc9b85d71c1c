import { readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { brotliCompressSync, constants, gzipSync } from 'node:zlib';
import tailwindcss from '@tailwindcss/vite';
import react from '@vitejs/plugin-react';
import { defineConfig, type Plugin } from 'vite';

/**
 * Writes `file.br` and `file.gz` next to every text file of the build; the server sends them to
 * browsers that accept them (@fastify/static `preCompressed`), so nothing is compressed per request.
 */
function precompress(): Plugin {
  return {
    name: 'quorum-precompress',
    apply: 'build',
    writeBundle(options, bundle) {
      const dir = options.dir ?? 'dist';
      const files = [...Object.keys(bundle), 'favicon.svg'].filter((f) => /\.(js|css|html|svg)$/.test(f));
      for (const file of files) {
        const full = path.join(dir, file);
        let source: Buffer;
        try {
          source = readFileSync(full);
        } catch {
          continue;
        }
        if (source.length < 512) continue;
        writeFileSync(
          `${full}.br`,
          brotliCompressSync(source, {
            params: { [constants.BROTLI_PARAM_QUALITY]: 11, [constants.BROTLI_PARAM_SIZE_HINT]: source.length },
          }),
        );
        writeFileSync(`${full}.gz`, gzipSync(source, { level: 9 }));
      }
    },
  };
}

export default defineConfig({
  plugins: [react(), tailwindcss(), precompress()],
  // `@/…` is src (the same `paths` as tsconfig.json).
  resolve: { alias: [{ find: /^@\//, replacement: `${path.resolve(import.meta.dirname, 'src')}/` }] },
  server: {
    port: 5173,
    proxy: { '/api': { target: `http://localhost:${process.env.PORT ?? 3000}`, changeOrigin: false } },
  },
  build: {
    // The production build goes to the repository's dist/ next to the compiled server (scripts/build.mjs).
    outDir: path.resolve(import.meta.dirname, '../../dist/web'),
    emptyOutDir: true,
    sourcemap: false,
    // dist/web/.vite/manifest.json: scripts/bundle-budget.mjs reads it to measure the public page's code.
    manifest: true,
    chunkSizeWarningLimit: 600,
  },
});
