/**
 * The dependency directions in eslint.config.js hold: each probe below is code that breaks one of
 * them, linted at a path inside the repository with the repository's own configuration, and must
 * be refused by the rule named. One clean probe must pass, so a config that refuses everything fails too.
 */
import { ESLint } from 'eslint';
import { mkdtempSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import { dirname, join, relative, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

const repoRoot = resolve(dirname(fileURLToPath(import.meta.url)), '..');
const eslint = new ESLint({ cwd: repoRoot });

/** A real source file inside `dir` (relative to the repository), so imports of it resolve. */
function sourceIn(dir: string): string {
  const entries = readdirSync(join(repoRoot, dir), { withFileTypes: true }).sort((a, b) =>
    a.name.localeCompare(b.name),
  );
  const file = entries.find((e) => e.isFile() && /\.tsx?$/.test(e.name) && !e.name.includes('.test.'));
  if (file) return `${dir}/${file.name}`;
  for (const sub of entries.filter((e) => e.isDirectory())) {
    const found = sourceIn(`${dir}/${sub.name}`);
    if (found) return found;
  }
  return '';
}

function importPath(fromFile: string, toFile: string): string {
  const path = relative(dirname(fromFile), toFile);
  return path.startsWith('.') ? path : `./${path}`;
}

async function lint(filePath: string, code: string) {
  const [result] = await eslint.lintText(code, { filePath: join(repoRoot, filePath) });
  return result!.messages.filter((m) => m.severity === 2).map((m) => ({ rule: m.ruleId, message: m.message }));
}

const features = readdirSync(join(repoRoot, 'apps/web/src/features'), { withFileTypes: true })
  .filter((d) => d.isDirectory())
  .map((d) => d.name)
  .sort();
const [featureA, featureB] = features as [string, string];
const featureAFile = `apps/web/src/features/${featureA}/lint-probe.ts`;
const featureBSource = sourceIn(`apps/web/src/features/${featureB}`);
const otherModuleRepository = 'apps/server/src/modules/decks/decks.repository.ts';

const violations: { name: string; file: string; code: string; rule: string; says: string }[] = [
  {
    name: 'a web feature importing another feature by relative path',
    file: featureAFile,
    code: `import * as other from '${importPath(featureAFile, featureBSource)}';\nexport { other };\n`,
    rule: 'import-x/no-restricted-paths',
    says: 'Features do not import each other',
  },
  {
    name: 'a web feature importing another feature by the @/ alias',
    file: featureAFile,
    code: `import * as other from '${featureBSource.replace('apps/web/src/', '@/').replace(/\.tsx?$/, '')}';\nexport { other };\n`,
    rule: 'import-x/no-restricted-paths',
    says: 'Features do not import each other',
  },
  {
    name: '`pg` inside a web feature',
    file: featureAFile,
    code: `import pg from 'pg';\nexport const pool = new pg.Pool();\n`,
    rule: 'no-restricted-imports',
    says: 'The web app imports only @fitscore/contracts',
  },
  {
    name: '`drizzle-orm` inside a web feature',
    file: featureAFile,
    code: `import { eq } from 'drizzle-orm';\nimport { text } from 'drizzle-orm/pg-core';\nexport { eq, text };\n`,
    rule: 'no-restricted-imports',
    says: 'The web app imports only @fitscore/contracts',
  },
  {
    name: 'components/ui importing a feature',
    file: 'apps/web/src/components/ui/lint-probe.tsx',
    code: `import * as feature from '${importPath('apps/web/src/components/ui/lint-probe.tsx', featureBSource)}';\nexport { feature };\n`,
    rule: 'import-x/no-restricted-paths',
    says: 'Shared code (components, lib, config) must not import features',
  },
  {
    name: 'a *.service.ts importing @fitscore/db',
    file: 'apps/server/src/modules/decks/lint-probe.service.ts',
    code: `import { decks } from '@fitscore/db';\nexport { decks };\n`,
    rule: 'no-restricted-imports',
    says: 'Services reach the database through their repository',
  },
  {
    name: 'a *.service.ts importing drizzle-orm',
    file: 'apps/server/src/modules/decks/lint-probe.service.ts',
    code: `import { eq } from 'drizzle-orm';\nexport { eq };\n`,
    rule: 'no-restricted-imports',
    says: 'Services reach the database through their repository',
  },
  {
    name: "a module's service importing another module's repository",
    file: 'apps/server/src/modules/founder/lint-probe.service.ts',
    code: `import * as repo from '../decks/decks.repository.ts';\nexport { repo };\n`,
    rule: 'import-x/no-restricted-paths',
    says: "Modules call each other's services, not repositories",
  },
  {
    name: "any file of a module importing another module's repository",
    file: 'apps/server/src/modules/founder/lint-probe.ts',
    code: `import * as repo from '${importPath('apps/server/src/modules/founder/lint-probe.ts', otherModuleRepository)}';\nexport { repo };\n`,
    rule: 'import-x/no-restricted-paths',
    says: "Modules call each other's services, not repositories",
  },
  {
    name: 'a non-service helper inside a module importing drizzle-orm',
    file: 'apps/server/src/modules/deals/lint-probe.ts',
    code: `import { eq } from 'drizzle-orm';\nexport { eq };\n`,
    rule: '@typescript-eslint/no-restricted-imports',
    says: 'Only a repository',
  },
  {
    name: 'a non-service helper inside a module importing @fitscore/db tables',
    file: 'apps/server/src/modules/deals/lint-probe.ts',
    code: `import { deals } from '@fitscore/db';\nexport { deals };\n`,
    rule: '@typescript-eslint/no-restricted-imports',
    says: 'Only a repository',
  },
  {
    name: "a service importing another module's internals (not its public entry)",
    file: 'apps/server/src/modules/founder/lint-probe.service.ts',
    code: `import * as rules from '../intake/intake-rules.ts';\nexport { rules };\n`,
    rule: 'import-x/no-restricted-paths',
    says: 'only through its public entry',
  },
  {
    name: "plugins/ importing a module's repository",
    file: 'apps/server/src/plugins/lint-probe.ts',
    code: `import type { SessionUser } from '../modules/auth/auth.repository.ts';\nexport type { SessionUser };\n`,
    rule: 'import-x/no-restricted-paths',
    says: "Plugins never import a module's repository",
  },
  {
    name: 'a web feature typing its own query key',
    file: featureAFile,
    code: `import { useQuery } from '@tanstack/react-query';\nexport const useThing = () => useQuery({ queryKey: ['vc', 'thing'], queryFn: () => 1 });\n`,
    rule: 'no-restricted-syntax',
    says: 'Query keys come from lib/query-keys.ts',
  },
  {
    name: 'a web feature invalidating by a key of its own',
    file: featureAFile,
    code: `import type { QueryClient } from '@tanstack/react-query';\nexport const refresh = (c: QueryClient) => c.invalidateQueries({ queryKey: ['vc', 'deals'] });\nexport const read = (c: QueryClient) => c.getQueryData(['auth', 'me']);\n`,
    rule: 'no-restricted-syntax',
    says: 'Query keys come from lib/query-keys.ts',
  },
  {
    name: "a feature's data hooks keeping a key of their own in a constant",
    file: `apps/web/src/features/${featureA}/api/lint-probe.ts`,
    code: `export const thingKey = ['vc', 'thing'] as const;\n`,
    rule: 'no-restricted-syntax',
    says: 'Query keys come from lib/query-keys.ts',
  },
  {
    name: 'a web feature building a key by extending a shared one',
    file: featureAFile,
    code: `import { queryKeys } from '@/lib/query-keys';\nexport const viewsKey = (id: string) => [...queryKeys.vc.deals.detail(id), 'views'] as const;\n`,
    rule: 'no-restricted-syntax',
    says: 'Query keys come from lib/query-keys.ts',
  },
  {
    name: 'another module writing deals',
    file: 'apps/server/src/modules/decks/lint-probe.repository.ts',
    code: `import { deals } from '@fitscore/db';\nexport const rename = (db: any) => db.update(deals).set({ startupName: 'x' });\n`,
    rule: 'no-restricted-syntax',
    says: 'Only the deals module writes deals',
  },
];

describe('eslint.config.js refuses code that breaks a dependency direction', () => {
  it('finds the files the probes import', () => {
    expect(features.length).toBeGreaterThanOrEqual(2);
    expect(featureBSource).not.toBe('');
  });

  it.each(violations)('$name', async ({ file, code, rule, says }) => {
    const errors = await lint(file, code);
    expect(errors).toContainEqual({ rule, message: expect.stringContaining(says) });
  });

  describe('an import cycle', () => {
    let dir = '';
    beforeAll(() => {
      dir = mkdtempSync(join(repoRoot, 'test-support', 'lint-cycle-'));
      writeFileSync(join(dir, 'a.ts'), `import { b } from './b.ts';\nexport const a = () => b;\n`);
      writeFileSync(join(dir, 'b.ts'), `import { a } from './a.ts';\nexport const b = () => a;\n`);
    });
    afterAll(() => rmSync(dir, { recursive: true, force: true }));

    it('is refused by import-x/no-cycle', async () => {
      const file = relative(repoRoot, join(dir, 'a.ts'));
      const errors = await lint(file, `import { b } from './b.ts';\nexport const a = () => b;\n`);
      expect(errors.map((e) => e.rule)).toContain('import-x/no-cycle');
    });
  });
});

describe('eslint.config.js accepts code that follows the directions', () => {
  it('a feature importing contracts, shared components and its own files', async () => {
    const ownSource = sourceIn(`apps/web/src/features/${featureA}`);
    const errors = await lint(
      featureAFile,
      [
        `import { z } from 'zod';`,
        `import * as contracts from '@fitscore/contracts';`,
        `import { cn } from '@/lib/cn';`,
        `import * as own from '${importPath(featureAFile, ownSource)}';`,
        `export { z, contracts, cn, own };`,
        '',
      ].join('\n'),
    );
    expect(errors).toEqual([]);
  });

  it("a service importing its own module's repository and another module's service", async () => {
    const errors = await lint(
      'apps/server/src/modules/founder/lint-probe.service.ts',
      `import * as decks from '../decks/decks.service.ts';\nimport * as own from '../decks/../founder/founder.service.ts';\nexport { decks, own };\n`,
    );
    expect(errors).toEqual([]);
  });
});
