import { createHash } from 'node:crypto';
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';

const dbPackage = join(import.meta.dirname, '../../../packages/db');
const migrations = join(dbPackage, 'migrations');
const readJson = (file: string): unknown => JSON.parse(readFileSync(file, 'utf8'));
/** The SHA-256 of every committed migration, recorded when it was added (packages/db/migration-hashes.json). */
const recorded = readJson(join(dbPackage, 'migration-hashes.json')) as Record<string, string>;

interface JournalEntry {
  idx: number;
  tag: string;
  when: number;
  breakpoints: boolean;
}
/** What drizzle's migrator reads of each journal entry: the tag names the file, `when` decides whether it runs. */
const pinned = ({ idx, tag, when, breakpoints }: JournalEntry): JournalEntry => ({ idx, tag, when, breakpoints });
const journal = (readJson(join(migrations, 'meta/_journal.json')) as { entries: JournalEntry[] }).entries.map(pinned);
/** Every committed journal entry, recorded with its migration's hash (packages/db/migration-journal.json). */
const recordedJournal = readJson(join(dbPackage, 'migration-journal.json')) as JournalEntry[];

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
    const unrecorded = files.filter((f) => !(f in recorded)).map((f) => `"${f}": "${sha256(f)}"`);
    expect(unrecorded, 'add these lines to packages/db/migration-hashes.json').toEqual([]);
  });

  /**
   * Drizzle runs a journal entry when its `when` is above the newest `when` the database applied
   * (ADR 0041): a committed entry whose `when` moves up runs again on databases that applied it, one
   * that moves down (or a renamed tag) is skipped by them.
   */
  it('every committed journal entry keeps its tag and when', () => {
    const changed = recordedJournal
      .map((entry, position) => ({ entry, now: journal[position] }))
      .filter(({ entry, now }) => JSON.stringify(now) !== JSON.stringify(entry))
      .map(({ entry, now }) => `${entry.tag}: was ${JSON.stringify(entry)}, now ${JSON.stringify(now ?? 'removed')}`);
    expect(changed, 'a committed journal entry changed: restore it and add a new migration instead').toEqual([]);
  });

  it('every journal entry is recorded (add a new one to packages/db/migration-journal.json)', () => {
    const unrecorded = journal.slice(recordedJournal.length).map((entry) => JSON.stringify(entry));
    expect(unrecorded, 'add these entries to packages/db/migration-journal.json').toEqual([]);
  });

  it("every journal entry's when is later than the one before it", () => {
    const early = journal
      .filter((entry, position) => position > 0 && entry.when <= journal[position - 1]!.when)
      .map((entry) => entry.tag);
    expect(early, 'databases past the entry before would skip these: give each a later when').toEqual([]);
  });
});
