import { createHash } from 'node:crypto';
import { existsSync } from 'node:fs';
import { mkdir, readFile, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import type { SectionKind } from '@fitscore/contracts';
import { DECKS_DIR } from '../../../test-support/shared-fixtures.ts';
import type { DeckAnalyzer } from '../src/analyzer.ts';
import type { DeckText } from '../src/model.ts';
import { deckContext } from '../src/understand/section-model/deck-context.ts';
import type { TrainingDeck } from '../src/understand/section-model/section-model.ts';
import { ENGINE_VERSION } from '../src/version.ts';
import type { LabelledDeck } from './labels.ts';

/** The hand labels (../shared/fixtures/decks/labels.json) and their sha256, which the committed weights record. */
export async function readLabels(): Promise<{ labels: LabelledDeck[]; sha256: string }> {
  const raw = await readFile(join(DECKS_DIR, 'labels.json'));
  return { labels: JSON.parse(raw.toString('utf8')) as LabelledDeck[], sha256: createHash('sha256').update(raw).digest('hex') };
}

/**
 * The company a labelled deck belongs to, for grouping: the file name's first word, with the
 * one company whose two decks are named differently ('ubercab-2008…' and 'uber-2008…').
 * Both files of a company always fall in the same fold and count as one company's vocabulary.
 */
const SAME_COMPANY: Record<string, string> = { ubercab: 'uber' };
export function companyOf(file: string): string {
  const first = file.toLowerCase().split(/[-_.]/)[0] ?? file;
  return SAME_COMPANY[first] ?? first;
}

export const CACHE_ROOT = join(import.meta.dirname, '..', 'node_modules', '.cache');

/** A deck's read text, kept under node_modules/.cache/deck-eval (by file hash and engine version) when `cache` is set. */
export async function readCached(analyzer: DeckAnalyzer, bytes: Uint8Array, cache: boolean): Promise<DeckText> {
  const dir = join(CACHE_ROOT, 'deck-eval');
  const path = join(dir, `${createHash('sha256').update(bytes).digest('hex').slice(0, 24)}-${ENGINE_VERSION}.json`);
  if (cache && existsSync(path)) return JSON.parse(await readFile(path, 'utf8')) as DeckText;
  const { deck } = await analyzer.readText(bytes);
  if (cache) {
    await mkdir(dir, { recursive: true });
    await writeFile(path, JSON.stringify(deck));
  }
  return deck;
}

export const labelledSections = (label: LabelledDeck, pages: number): SectionKind[][] =>
  Array.from({ length: pages }, (_, i) => (label.pages.find((p) => p.page === i + 1)?.sections ?? []) as SectionKind[]);

export function trainingDeck(label: LabelledDeck, deck: DeckText): TrainingDeck {
  return { company: companyOf(label.file), ctx: deckContext(deck.pages), labels: labelledSections(label, deck.pages.length) };
}

/**
 * k folds by company (k = 5): companies sorted by name, shuffled with a fixed seed, dealt
 * round-robin. The same labels always give the same folds.
 */
export function companyFolds(files: readonly string[], k = 5, seed = 27): Map<string, number> {
  const companies = [...new Set(files.map(companyOf))].sort();
  let s = seed >>> 0;
  const random = () => {
    // mulberry32
    s = (s + 0x6d2b79f5) >>> 0;
    let t = s;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
  for (let i = companies.length - 1; i > 0; i--) {
    const j = Math.floor(random() * (i + 1));
    [companies[i], companies[j]] = [companies[j]!, companies[i]!];
  }
  const foldOf = new Map(companies.map((c, i) => [c, i % k]));
  return new Map(files.map((f) => [f, foldOf.get(companyOf(f))!]));
}
