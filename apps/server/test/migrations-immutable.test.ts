import { createHash } from 'node:crypto';
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';

const dbPackage = join(import.meta.dirname, '../../../packages/db');
const migrations = join(dbPackage, 'migrations');
/** The SHA-256 of every committed migration, recorded when it was added (packages/db/migration-hashes.json). */
const recorded = JSON.parse(readFileSync(join(dbPackage, 'migration-hashes.json'), 'utf8')) as Record<string, string>;

const sha256 = (file: string) => createHash('sha256').update(readFileSync(join(migrations, file))).digest('hex');

/**
 * A database runs a migration once and never again: an edit to a committed migration reaches no
 * database that already applied it. A change is a new migration; this keeps the old ones as committed.
 */
describe('committed migrations are never edited', () => {
  const files = readdirSync(migrations).filter((f) => f.endsWith('.sql')).sort();

  it('every migration file has the hash recorded when it was committed', () => {
    const changed = Object.entries(recorded).filter(([file, hash]) => !files.includes(file) || sha256(file) !== hash).map(([file]) => file);
    expect(changed, 'edited or removed migrations: write a new migration instead').toEqual([]);
  });

  it('every migration file is recorded (add a new one to packages/db/migration-hashes.json)', () => {
    expect(files.filter((f) => !(f in recorded))).toEqual([]);
  });
});
