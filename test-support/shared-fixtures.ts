import { existsSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';

/**
 * Real decks live beside the repository in ../shared/fixtures (never copied in).
 * A fresh clone has no ../shared: tests that need it skip, saying so, except under
 * CI=true where the folder is required and its absence is a failure.
 */
const repoRoot = resolve(dirname(fileURLToPath(import.meta.url)), '..');
export const SHARED_FIXTURES_DIR = resolve(repoRoot, '..', 'shared', 'fixtures');
export const DECKS_DIR = join(SHARED_FIXTURES_DIR, 'decks');

export interface FixtureAvailability {
  available: boolean;
  reason: string;
}

export function sharedFixtures(): FixtureAvailability {
  if (existsSync(join(DECKS_DIR, 'MANIFEST.tsv'))) return { available: true, reason: '' };
  const reason = `shared deck fixtures not found at ${DECKS_DIR}`;
  if (process.env.CI === 'true') {
    throw new Error(`${reason}: CI=true requires ../shared/fixtures beside the repository`);
  }
  console.warn(`[skip] ${reason}; tests that read real decks are skipped (clone the shared folder beside the repo to run them)`);
  return { available: false, reason };
}

export interface ManifestEntry {
  file: string;
  set: 'real' | 'robustness';
  format: string;
  kind: string;
  sizeBytes: number;
  note: string;
  path: string;
}

export async function readManifest(): Promise<ManifestEntry[]> {
  const { readFile } = await import('node:fs/promises');
  const text = await readFile(join(DECKS_DIR, 'MANIFEST.tsv'), 'utf8');
  const [header, ...rows] = text.trim().split('\n');
  const cols = header!.split('\t');
  return rows.map((row) => {
    const cells = row.split('\t');
    const get = (name: string) => cells[cols.indexOf(name)] ?? '';
    const set = get('set') as ManifestEntry['set'];
    return {
      file: get('file'),
      set,
      format: get('format'),
      kind: get('kind'),
      sizeBytes: Number(get('size_bytes')),
      note: get('note'),
      path: join(DECKS_DIR, set, get('file')),
    };
  });
}
