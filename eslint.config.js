// Lint enforces the dependency directions of docs/architecture (../shared/design/architecture.md):
// contracts → only zod; web → contracts only; deck-analysis → no web/server/db; server layers
// routes → service → repository, modules reach each other through services; web layers
// shared → features → app, features not importing each other. Rules on the repo's own files are
// zones on the resolved path (import-x/no-restricted-paths: relative, alias and package imports alike);
// rules on npm packages are names (no-restricted-imports), one list per kind of file so that no
// block overrides another's list. test-support/lint-rules.test.ts lints probe files against each rule.
import js from '@eslint/js';
import { createTypeScriptImportResolver } from 'eslint-import-resolver-typescript';
import importX from 'eslint-plugin-import-x';
import jsxA11y from 'eslint-plugin-jsx-a11y';
import reactHooks from 'eslint-plugin-react-hooks';
import { existsSync, readdirSync } from 'node:fs';
import { join } from 'node:path';
import globals from 'globals';
import tseslint from 'typescript-eslint';

const noEnums = { selector: 'TSEnumDeclaration', message: 'Use an `as const` object and a union instead of enum.' };
const QUERY_KEYS_MESSAGE = 'Query keys come from lib/query-keys.ts (queryKeys): no key is written as an array literal elsewhere.';
/** The first word of every key in lib/query-keys.ts: an array starting with one elsewhere is a key typed twice. */
const KEY_ROOTS = '/^(founder|vc|auth|billing|account|public|apply|apply-host|invite-preview)$/';
/** What the web app's code never writes (enums; query keys outside lib/query-keys.ts). */
const webSyntax = [
  noEnums,
  { selector: "Property[key.name='queryKey'] > ArrayExpression", message: QUERY_KEYS_MESSAGE },
  {
    selector:
      "CallExpression[callee.property.name=/^(setQueryData|setQueriesData|getQueryData|getQueriesData|invalidateQueries|removeQueries|cancelQueries|refetchQueries|resetQueries)$/] > ArrayExpression",
    message: QUERY_KEYS_MESSAGE,
  },
  // A key kept in a variable or built by a function is still a key typed twice: no key extended here.
  { selector: 'ArrayExpression > SpreadElement:first-child MemberExpression[object.name=/^(queryKeys|[a-z]+Keys)$/]', message: QUERY_KEYS_MESSAGE },
];

const root = import.meta.dirname;
const subfolders = (dir) =>
  existsSync(join(root, dir))
    ? readdirSync(join(root, dir), { withFileTypes: true })
        .filter((d) => d.isDirectory())
        .map((d) => d.name)
    : [];

const restrict = (...patterns) => ({ 'no-restricted-imports': ['error', { patterns }] });
const forbid = (names, message) => ({ group: names, message });

const webFeatures = 'apps/web/src/features';
const serverModules = 'apps/server/src/modules';
const database = ['pg', 'pg/*', 'drizzle-orm', 'drizzle-orm/*'];
const webOnlyContracts = forbid(
  [
    '@fitscore/db',
    '@fitscore/server',
    '@fitscore/deck-analysis',
    '@fitscore/thesis',
    'node:*',
    'fastify',
    'fastify/*',
    '@fastify/*',
    ...database,
  ],
  'The web app imports only @fitscore/contracts of the repo, and no server-side package.',
);
const testFiles = ['**/*.test.ts', '**/*.test.tsx', '**/test/**'];

/** Folders (from the repository root) a folder must not import, whatever the import's spelling. */
const zones = [
  {
    target: 'packages/contracts',
    from: ['apps', 'packages/db', 'packages/deck-analysis', 'e2e'],
    message: 'contracts imports only zod.',
  },
  {
    target: 'packages/db',
    from: ['apps', 'packages/deck-analysis', 'e2e'],
    message: 'db is imported by the server only.',
  },
  {
    target: 'packages/thesis',
    from: ['apps', 'packages/db', 'packages/deck-analysis', 'e2e'],
    message: 'thesis reads places and stages: it imports only contracts and its data sets.',
  },
  {
    target: 'packages/deck-analysis',
    from: ['apps', 'packages/db', 'e2e'],
    message: 'deck-analysis is a pure library: bytes and profile in, analysis out.',
  },
  {
    target: 'apps/web',
    from: ['apps/server', 'packages/db', 'packages/deck-analysis'],
    message: 'The web app imports only @fitscore/contracts of the repo.',
  },
  ...['components', 'lib', 'config'].map((shared) => ({
    target: `apps/web/src/${shared}`,
    from: [webFeatures, 'apps/web/src/app'],
    message: 'Shared code (components, lib, config) must not import features or app.',
  })),
  { target: webFeatures, from: 'apps/web/src/app', message: 'Features must not import the app layer.' },
  ...subfolders(webFeatures).map((feature) => ({
    target: `${webFeatures}/${feature}`,
    from: webFeatures,
    except: [`./${feature}`],
    message: 'Features do not import each other; compose them in app/.',
  })),
  {
    target: 'apps/server/src/**/*.routes.ts',
    from: ['apps/server/src/**/*.repository.ts', 'packages/db/**'],
    message: 'Routes call services; they never touch the database.',
  },
  {
    target: 'apps/server/src/**/*.service.ts',
    from: ['packages/db/**'],
    message: 'Services reach the database through their repository.',
  },
];
/** Production code of a module uses another module's service, never its repository (tests may seed through one). */
const moduleZones = subfolders(serverModules).map((mod) => ({
  target: `${serverModules}/${mod}`,
  from: `${serverModules}/*/*.repository.ts`,
  except: [join(root, serverModules, mod, '**')],
  message: "Modules call each other's services, not repositories.",
}));
/**
 * What a module offers the others: its services, and these shared pieces (jobs, mail, events,
 * secrets, limits, credentials, deal views, events and facts read from a deck, the SSRF-checked
 * webhook post). Anything else in a module is its own.
 */
const publicEntries = [
  `${serverModules}/*/*.service.ts`,
  `${serverModules}/{${[
    'jobs/define-job',
    'jobs/job-queue',
    'mail/mailer',
    'events/event-bus',
    'account-security/secret-box',
    'auth/attempt-limiter',
    'auth/sign-in-protection',
    'auth/credentials',
    'deals/deal-view',
    'deals/deck-facts',
    'deals/deal-events',
    'deals/status-changes',
    'integrations/webhook-post',
  ].join(',')}}.ts`,
];
/** A module's service imports another module only through its public entries. */
const serviceZones = subfolders(serverModules).map((mod) => ({
  target: `${serverModules}/${mod}/*.service.ts`,
  from: `${serverModules}/*/**`,
  except: [join(root, serverModules, mod, '**'), ...publicEntries.map((p) => join(root, p))],
  message: "A service reaches another module only through its public entry (its service, or a shared piece named in eslint.config.js).",
}));
/** Plugins are shared by every module: they never reach into one's repository. */
const pluginZones = [
  {
    target: 'apps/server/src/plugins',
    from: `${serverModules}/*/*.repository.ts`,
    message: "Plugins never import a module's repository; a type they need lives beside them or in the service.",
  },
];
/**
 * The files of a module that talk to the database themselves: its repository, and the adapters
 * that hold their own connections (LISTEN/NOTIFY, the job queue's SQL). Every other file of a
 * module (a helper a service calls) reaches the database through a repository.
 */
const databaseFiles = [
  '**/*.repository.ts',
  `${serverModules}/events/event-bus.ts`,
  `${serverModules}/jobs/job-queue.ts`,
  `${serverModules}/limits/attempt-logs.ts`,
  `${serverModules}/**/*-bench.ts`,
];
const restrictedPaths = (list) => ({ 'import-x/no-restricted-paths': ['error', { basePath: root, zones: list }] });

export default tseslint.config(
  {
    ignores: [
      '**/node_modules/**',
      '**/dist/**',
      'data/**',
      '.vitest-results/**',
      '**/test-results/**',
      '**/playwright-report/**',
      'apps/web/public/**',
      'packages/db/migrations/**',
    ],
  },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    languageOptions: { globals: { ...globals.node } },
    plugins: { 'import-x': importX },
    settings: {
      'import-x/extensions': ['.ts', '.tsx', '.js', '.mjs'],
      'import-x/parsers': { '@typescript-eslint/parser': ['.ts', '.tsx'] },
      'import-x/resolver-next': [
        createTypeScriptImportResolver({
          project: ['apps/*/tsconfig.json', 'packages/*/tsconfig.json', 'e2e/tsconfig.json'],
          noWarnOnMultipleProjects: true,
        }),
      ],
    },
    rules: {
      '@typescript-eslint/no-unused-vars': [
        'error',
        { argsIgnorePattern: '^_', varsIgnorePattern: '^_', caughtErrors: 'none' },
      ],
      '@typescript-eslint/no-explicit-any': 'off',
      'no-restricted-syntax': [
        'error',
        noEnums,
      ],
      ...restrictedPaths([...zones, ...moduleZones, ...serviceZones, ...pluginZones]),
      'import-x/no-cycle': ['error', { ignoreExternal: true }],
    },
  },
  {
    files: testFiles,
    rules: restrictedPaths(zones),
  },
  {
    files: ['packages/contracts/**/*.ts'],
    ignores: ['**/*.test.ts', '**/vitest.config.ts'],
    rules: restrict({ regex: '^(?!zod(/|$)|\\.{1,2}/)', message: 'contracts imports only zod.' }),
  },
  {
    files: ['packages/db/**/*.ts'],
    rules: restrict(
      forbid(['@fitscore/web', '@fitscore/server', '@fitscore/deck-analysis'], 'db is imported by the server only.'),
    ),
  },
  {
    files: ['packages/deck-analysis/**/*.ts'],
    rules: restrict(
      forbid(
        ['@fitscore/web', '@fitscore/server', '@fitscore/db', 'fastify', 'fastify/*', 'react', ...database],
        'deck-analysis is a pure library: bytes and profile in, analysis out.',
      ),
    ),
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
      ...restrict(webOnlyContracts),
      // The cache keys live in lib/query-keys.ts: one place, so one feature's change can refresh
      // another's data and no key is typed twice (issue 28 point 10).
      'no-restricted-syntax': ['error', ...webSyntax],
    },
  },
  {
    // A feature's data hooks: an array starting with a key's first word is a key typed here.
    files: ['apps/web/src/features/*/api/**/*.{ts,tsx}'],
    rules: { 'no-restricted-syntax': ['error', ...webSyntax, { selector: `ArrayExpression[elements.0.value=${KEY_ROOTS}]`, message: QUERY_KEYS_MESSAGE }] },
  },
  {
    // The one place query keys are written.
    files: ['apps/web/src/lib/query-keys.ts'],
    rules: {
      'no-restricted-syntax': ['error', noEnums],
    },
  },
  {
    files: ['apps/server/src/**/*.routes.ts'],
    rules: restrict(forbid(['@fitscore/db', ...database], 'Routes call services; they never touch the database.')),
  },
  {
    // A module's other files (helpers its service calls, its wiring): the database only through a repository.
    files: [`${serverModules}/**/*.ts`],
    ignores: [...databaseFiles, ...testFiles, '**/*.service.ts', '**/*.routes.ts'],
    rules: {
      '@typescript-eslint/no-restricted-imports': [
        'error',
        {
          patterns: [
            {
              group: ['@fitscore/db', ...database],
              allowTypeImports: true,
              message: 'Only a repository (or a named database adapter) talks to the database; call one.',
            },
          ],
        },
      ],
    },
  },
  {
    // One owner per table (issue 28 point 7): only the deals module writes deals; others call its service.
    files: [`${serverModules}/**/*.ts`],
    ignores: [`${serverModules}/deals/**`, ...testFiles],
    rules: {
      'no-restricted-syntax': [
        'error',
        noEnums,
        {
          selector:
            "CallExpression[callee.property.name=/^(insert|update|delete)$/] > :matches(Identifier[name='deals'], MemberExpression[property.name='deals'])",
          message: "Only the deals module writes deals: call the deals module's service.",
        },
      ],
    },
  },
  {
    files: ['apps/server/src/**/*.service.ts'],
    rules: restrict(
      forbid(
        ['fastify', 'fastify/*', '@fastify/*'],
        'Services never see request/reply; routes pass them plain values.',
      ),
      forbid(['@fitscore/db', ...database], 'Services reach the database through their repository.'),
    ),
  },
);
