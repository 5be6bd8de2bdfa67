// Lint enforces the dependency directions of docs/architecture (../shared/design/architecture.md):
// contracts → only zod; web → contracts only; deck-analysis → no web/server/db; server layers
// routes → service → repository; web layers shared → features → app, features not importing each other.
import js from '@eslint/js';
import jsxA11y from 'eslint-plugin-jsx-a11y';
import reactHooks from 'eslint-plugin-react-hooks';
import { existsSync, readdirSync } from 'node:fs';
import globals from 'globals';
import tseslint from 'typescript-eslint';

const restrict = (...patterns) => ({ 'no-restricted-imports': ['error', { patterns }] });
const forbid = (names, message) => ({ group: names, message });

const featuresDir = 'apps/web/src/features';
const features = existsSync(featuresDir)
  ? readdirSync(featuresDir, { withFileTypes: true }).filter((d) => d.isDirectory()).map((d) => d.name)
  : [];

export default tseslint.config(
  {
    ignores: ['**/node_modules/**', '**/dist/**', 'data/**', '.vitest-results/**', '**/test-results/**', '**/playwright-report/**', 'apps/web/public/**', 'packages/db/migrations/**'],
  },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    languageOptions: { globals: { ...globals.node } },
    rules: {
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_', caughtErrors: 'none' }],
      '@typescript-eslint/no-explicit-any': 'off',
      'no-restricted-syntax': ['error', { selector: 'TSEnumDeclaration', message: 'Use an `as const` object and a union instead of enum.' }],
    },
  },
  {
    files: ['packages/contracts/**/*.ts'],
    ignores: ['**/*.test.ts', '**/vitest.config.ts'],
    rules: restrict({ regex: '^(?!zod(/|$)|\\.{1,2}/)', message: 'contracts imports only zod.' }),
  },
  {
    files: ['packages/db/**/*.ts'],
    rules: restrict(forbid(['@fitscore/web', '@fitscore/server', '@fitscore/deck-analysis'], 'db is imported by the server only.')),
  },
  {
    files: ['packages/deck-analysis/**/*.ts'],
    rules: restrict(forbid(['@fitscore/web', '@fitscore/server', '@fitscore/db', 'fastify', 'fastify/*', 'react', 'drizzle-orm', 'drizzle-orm/*'], 'deck-analysis is a pure library: bytes and profile in, analysis out.')),
  },
  {
    files: ['e2e/**/*.ts'],
    // Playwright fixtures must destructure their (empty) dependencies.
    rules: { 'no-empty-pattern': 'off' },
  },
  {
    files: ['apps/web/src/**/*.{ts,tsx}'],
    languageOptions: { globals: { ...globals.browser } },
    plugins: { 'react-hooks': reactHooks, 'jsx-a11y': jsxA11y },
    rules: {
      ...reactHooks.configs.recommended.rules,
      ...jsxA11y.flatConfigs.recommended.rules,
      'jsx-a11y/aria-role': ['error', { ignoreNonDOM: true }],
      ...restrict(forbid(['@fitscore/db', '@fitscore/server', '@fitscore/deck-analysis', 'node:*', 'fastify', 'drizzle-orm', 'pg'], 'The web app imports only @fitscore/contracts of the repo.')),
    },
  },
  {
    files: ['apps/web/src/{components,lib,config}/**/*.{ts,tsx}'],
    rules: restrict(
      forbid(['@fitscore/db', '@fitscore/server', '@fitscore/deck-analysis', 'node:*'], 'The web app imports only @fitscore/contracts of the repo.'),
      forbid(['@/features/*', '@/app/*'], 'Shared code (components, lib, config) must not import features or app.'),
    ),
  },
  ...features.map((feature) => ({
    files: [`${featuresDir}/${feature}/**/*.{ts,tsx}`],
    rules: restrict(
      forbid(['@fitscore/db', '@fitscore/server', '@fitscore/deck-analysis', 'node:*'], 'The web app imports only @fitscore/contracts of the repo.'),
      forbid(['@/app/*'], 'Features must not import the app layer.'),
      { regex: `^@/features/(?!${feature}(/|$))`, message: 'Features do not import each other; compose them in app/.' },
    ),
  })),
  {
    files: ['apps/server/src/**/*.routes.ts'],
    rules: restrict(forbid(['@fitscore/db', 'drizzle-orm', 'drizzle-orm/*', '*.repository', '*.repository.ts', '**/*.repository.ts'], 'Routes call services; they never touch the database.')),
  },
  {
    files: ['apps/server/src/**/*.service.ts'],
    rules: restrict(
      forbid(['fastify', 'fastify/*', '@fastify/*'], 'Services never see request/reply; routes pass them plain values.'),
      { regex: '^\\.\\./[^/]+/[^/]+\\.repository(\\.ts)?$', message: "Modules call each other's services, not repositories." },
    ),
  },
);
