import { readdirSync } from 'node:fs';
import js from '@eslint/js';
import reactHooks from 'eslint-plugin-react-hooks';
import globals from 'globals';
import tseslint from 'typescript-eslint';

/** The web app's feature folders (apps/web/src/features/<name>). */
const webFeatures = readdirSync(new URL('./apps/web/src/features/', import.meta.url), { withFileTypes: true })
  .filter((entry) => entry.isDirectory())
  .map((entry) => entry.name);

// Import patterns refused in apps/web. A later block replaces the rule's options for its files, so each
// block lists all of its own patterns.
const deepRelativeImport = {
  regex: '^(\\.\\./){2,}',
  message: 'Import across modules with the @/ alias (apps/web/src), not ../../; relative paths stay inside one module.',
};
const nodeImport = { regex: '^node:', message: 'Browser code must not import Node modules.' };
// The respondent's page (the survey-runner feature) loads only its own small code.
const publicPageImports = [
  {
    regex: '^(@radix-ui/|recharts|@/components/ui/(button|tooltip|tabs|dialog|collapsible|form)$)',
    message:
      'The public survey page stays small: no Radix, charts or forms here (ButtonBase from @/components/ui/button-base).',
  },
  {
    regex: '^@/question-types/(editor|results|[^/]+/(editor|result))$',
    message: 'The public survey page loads only the question types runner parts (@/question-types/runner).',
  },
];
const otherFeatureImport = (feature) => ({
  regex: `^@/features/(?!${feature}(/|$))`,
  message: 'Features must not import other features; move shared code to src/lib or src/components.',
});

// Server-side code (the server and its tests, the benchmarks, the end-to-end tests) imports by relative paths
// that climb at most two folders. No path alias there: it runs through tsx, also started from other working
// directories, where an alias would not resolve (docs/decisions/019-server-services-and-survey-access.md).
const deepServerImport = {
  regex: '^(\\.\\./){3,}',
  message: 'Climb at most two folders (../../); code that far away belongs in lib/ or its own module.',
};
// A server module exposes what others may use through its own index.ts (its face): from another module, and from
// the code that composes them (app.ts, cli/, db/, events/), an import names the module's folder, never a file in it.
const pastModuleFace =
  "Import another server module through its face (its folder, e.g. '../surveys'), not one of its files.";

/** The server's import rules for `files`, with `pastFace` (a regex of imports that skip a module's face) refused too. */
const serverImports = (files, pastFace) => ({
  files,
  rules: {
    'no-restricted-imports': [
      'error',
      {
        patterns: [
          { regex: '(^|/)web/', message: 'The server must not import the web app.' },
          deepServerImport,
          ...(pastFace ? [{ regex: pastFace, message: pastModuleFace }] : []),
        ],
      },
    ],
  },
});

export default tseslint.config(
  { ignores: ['**/dist/**', '**/node_modules/**', 'test-results/**', 'data/**', 'coverage/**'] },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    languageOptions: { globals: { ...globals.node } },
    rules: {
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
      '@typescript-eslint/consistent-type-imports': 'error',
    },
  },
  {
    // The contract is shared by server and browser: it imports only zod and itself.
    files: ['packages/contract/**/*.ts'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            { regex: '^node:', message: 'The contract must not import Node modules.' },
            { regex: '^(react|react-dom|fastify|kysely)', message: 'The contract must not import app frameworks.' },
            { regex: '(^|/)apps/', message: 'The contract must not import from the apps.' },
          ],
        },
      ],
    },
  },
  {
    files: ['apps/web/**/*.{ts,tsx}'],
    languageOptions: { globals: { ...globals.browser } },
    plugins: { 'react-hooks': reactHooks },
    rules: {
      ...reactHooks.configs.recommended.rules,
    },
  },
  {
    // Web imports: `@/…` across modules, relative paths only inside one.
    files: ['apps/web/**/*.{ts,tsx}'],
    rules: { 'no-restricted-imports': ['error', { patterns: [deepRelativeImport] }] },
  },
  {
    // Shared code (components, config, lib, the question types) is imported by features and the app, never the other way round.
    files: ['apps/web/src/{components,config,lib,question-types}/**/*.{ts,tsx}'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            deepRelativeImport,
            nodeImport,
            {
              regex: '^@/(features|app)(/|$)',
              message: 'Shared code (components, config, lib, question-types) must not import features or the app.',
            },
          ],
        },
      ],
    },
  },
  {
    // The question types' runner parts are the public page's: no editor or results part, no Radix, charts or forms.
    files: [
      'apps/web/src/question-types/runner.ts',
      'apps/web/src/question-types/*/runner.tsx',
      'apps/web/src/question-types/shared/**/*.{ts,tsx}',
    ],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            deepRelativeImport,
            nodeImport,
            { regex: '^@/(features|app)(/|$)', message: 'Shared code must not import features or the app.' },
            ...publicPageImports,
            {
              regex: '(^|/)(editor|result|results|options-editor|choice-result|rating-preview)$',
              message: 'A runner part loads on the public page: it must not import editor or results parts.',
            },
          ],
        },
      ],
    },
  },
  // Features do not reach into each other (nor into the app that composes them): one block per feature,
  // so a feature may name itself by `@/features/<it>` but no other.
  ...webFeatures.map((feature) => ({
    files: [`apps/web/src/features/${feature}/**/*.{ts,tsx}`],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            deepRelativeImport,
            nodeImport,
            otherFeatureImport(feature),
            { regex: '^@/app(/|$)', message: 'Features must not import the app; the app composes features.' },
            ...(feature === 'survey-runner' ? publicPageImports : []),
          ],
        },
      ],
    },
  })),
  // The server never imports browser code, and climbs at most two folders in an import.
  serverImports(['apps/server/**/*.ts']),
  // Inside a module, files import each other by './…'; another module only through its face. The code that composes
  // the modules reaches them through their faces too.
  serverImports(['apps/server/src/modules/*/**/*.ts'], '^\\.\\./[a-z0-9-]+/[^/]+$'),
  serverImports(
    ['apps/server/src/*.ts', 'apps/server/src/{cli,db,events,lib}/**/*.ts'],
    '^(\\./|\\.\\./)modules/[a-z0-9-]+/[^/]+$',
  ),
  {
    // The benchmarks and the end-to-end tests import the server's code by relative paths too.
    files: ['bench/**/*.ts', 'e2e/**/*.ts'],
    rules: { 'no-restricted-imports': ['error', { patterns: [deepServerImport] }] },
  },
  {
    // Test support runs in the server's tests as well as in the end-to-end tests and benchmarks: no browser code,
    // and the server's code by its package name (@quorum/server/src/…), not by climbing folders.
    files: ['packages/test-support/**/*.ts'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [{ regex: '(^|/)web/', message: 'Test support must not import the web app.' }, deepServerImport],
        },
      ],
    },
  },
);
