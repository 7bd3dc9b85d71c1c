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

/**
 * React's modules as Preact's: the public survey page is built with these (`vite build --mode public`), the rest of
 * the app keeps React (docs/decisions/038-public-page-on-preact.md).
 */
const preactAliases = [
  { find: /^react$/, replacement: 'preact/compat' },
  { find: /^react-dom$/, replacement: 'preact/compat' },
  { find: /^react-dom\/client$/, replacement: 'preact/compat/client' },
  { find: /^react\/jsx-runtime$/, replacement: 'preact/jsx-runtime' },
  { find: /^react\/jsx-dev-runtime$/, replacement: 'preact/jsx-dev-runtime' },
  // react-i18next 17 takes useSyncExternalStore from this shim (for React 16 and 17), a CommonJS module whose
  // `require('react')` would bring in the whole of preact/compat; Preact has the hook itself.
  { find: /^use-sync-external-store\/shim$/, replacement: 'preact/compat' },
];

/**
 * The public page's stylesheet holds only the classes its own modules use: Tailwind scans the folders the public
 * page's code lives in instead of all of src (36 KB instead of the app's 62 KB, which a phone would parse and match
 * against every element). Applied to index.css in the public build only, before Tailwind compiles it; the build
 * fails when a module of the page lies outside these folders, since its classes would be missing.
 */
const PUBLIC_PAGE_SOURCES = [
  './public-main.tsx',
  './public-boot.ts',
  './features/survey-runner',
  './question-types/runner.ts',
  './question-types/*/runner.tsx',
  './question-types/shared',
  './question-types/rating/slider-stops.tsx',
  './question-types/rating/scale.ts',
  './components/ui',
  './lib',
  './config',
  './i18n',
  './components/language-menu.tsx',
  './components/visitor-frame.tsx',
];

/** Whether a module of src (a path relative to it) lies in one of PUBLIC_PAGE_SOURCES (a folder, a file or a glob). */
function inPublicPageSources(file: string): boolean {
  return PUBLIC_PAGE_SOURCES.some((source) => {
    const pattern = source
      .replace(/^\.\//, '')
      .replace(/[.+?^${}()|[\]\\]/g, '\\$&')
      .replace(/\*/g, '[^/]+');
    return new RegExp(`^${pattern}(/.*)?$`).test(file);
  });
}

function publicPageStyles(): Plugin {
  const src = path.resolve(import.meta.dirname, 'src');
  return {
    name: 'quorum-public-page-styles',
    enforce: 'pre',
    transform(code, id) {
      if (id !== path.join(src, 'index.css')) return undefined;
      const tailwind = "@import 'tailwindcss';";
      if (!code.includes(tailwind)) this.error(`index.css no longer has ${tailwind}: update publicPageStyles`);
      const sources = PUBLIC_PAGE_SOURCES.map((source) => `@source '${source}';`).join('\n');
      return { code: code.replace(tailwind, `@import 'tailwindcss' source(none);\n${sources}`), map: null };
    },
    // A module of the page outside those folders would lose its classes: the build says which to add.
    generateBundle(_options, bundle) {
      for (const output of Object.values(bundle)) {
        if (output.type !== 'chunk') continue;
        for (const id of output.moduleIds) {
          const file = path.relative(src, id.split('?')[0]!);
          if (file.startsWith('..') || path.isAbsolute(file) || !/\.tsx?$/.test(file)) continue;
          if (!inPublicPageSources(file.split(path.sep).join('/'))) {
            this.error(`src/${file} is on the public page but not in PUBLIC_PAGE_SOURCES (apps/web/vite.config.ts)`);
          }
        }
      }
    },
  };
}

/** The production build's folder: the repository's dist/web, next to the compiled server (scripts/build.mjs). */
const defaultOutDir = path.resolve(import.meta.dirname, '../../dist/web');

// Two builds write into one folder (scripts/build.mjs runs both, the app first):
// - the app (index.html, React), which empties the folder first;
// - mode "public": public-survey.html, the page the server sends for a public survey and its thank-you page, with
//   Preact in place of React and its own manifest. A separate build, because a module is resolved once per build:
//   the public page's graph must not share React-resolved modules with the app.
export default defineConfig(({ mode }) => {
  const publicPage = mode === 'public';
  return {
    plugins: [...(publicPage ? [publicPageStyles()] : []), react(), tailwindcss(), precompress()],
    // `@/…` is src (the same `paths` as tsconfig.json).
    resolve: {
      alias: [
        { find: /^@\//, replacement: `${path.resolve(import.meta.dirname, 'src')}/` },
        ...(publicPage ? preactAliases : []),
      ],
    },
    server: {
      port: 5173,
      proxy: { '/api': { target: `http://localhost:${process.env.PORT ?? 3000}`, changeOrigin: false } },
    },
    // public/ (the favicon, theme.js) is known to both builds, so Vite takes `<script src="/theme.js">` in either page
    // for one of its files and leaves it as it is; only the app's build copies it, the public page's adds to that folder.
    publicDir: 'public',
    build: {
      copyPublicDir: !publicPage,
      outDir: defaultOutDir,
      emptyOutDir: !publicPage,
      sourcemap: false,
      // The manifests (dist/web/.vite/): scripts/bundle-budget.mjs reads the public page's to measure its code.
      manifest: publicPage ? '.vite/public-manifest.json' : true,
      chunkSizeWarningLimit: 600,
      rollupOptions: {
        input: path.resolve(import.meta.dirname, publicPage ? 'public-survey.html' : 'index.html'),
      },
    },
  };
});
