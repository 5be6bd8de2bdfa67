/**
 * `npm run eval:decks [-- --cache] [-- --only NAME]`: runs the engine on every hand-labelled deck
 * (../shared/fixtures/decks/labels.json, defined in LABELS.md) and on the generated labelled
 * decks (eval/generated-labels.ts), then prints per-section precision/recall/F1 over pages,
 * macro F1, fact precision/recall (a fact is right when key, page and value within 2% match
 * and its status is current), the known targets and other companies' figures that were
 * counted as current, and the ordering check (decks of companies that went on to raise large
 * rounds against hackathon and idea-stage decks). `--cache` keeps the read text of each
 * file under node_modules/.cache (keyed by file hash and engine version) for quick reruns.
 */
import { createHash } from 'node:crypto';
import { existsSync } from 'node:fs';
import { mkdir, readFile, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { parseArgs } from 'node:util';
import { SECTION_KINDS, type SectionKind } from '@fitscore/contracts';
import { DeckAnalyzer } from '../src/analyzer.ts';
import { isDeckError } from '../src/errors.ts';
import type { DeckText } from '../src/model.ts';
import { deckReport, type DeckReport } from '../src/report/deck-report.ts';
import { ENGINE_VERSION } from '../src/version.ts';
import { DECKS_DIR } from '../../../test-support/shared-fixtures.ts';
import { buildAnalysis } from '../src/build-analysis.ts';
import { BUZZWORD_SLIDE, GOALS_SLIDE, HEADING_ONLY_SLIDES, HEADINGS_SLIDE, slide, withPages } from '../src/testing/gaming-slides.ts';
import { generatedLabelledDecks } from './generated-labels.ts';
import { NON_CURRENT, ORDERING, type LabelledDeck } from './labels.ts';

const { values } = parseArgs({ options: { cache: { type: 'boolean' }, only: { type: 'string' }, pages: { type: 'boolean' } }, strict: false });
const CACHE_DIR = join(import.meta.dirname, '..', 'node_modules', '.cache', 'deck-eval');

async function readCached(analyzer: DeckAnalyzer, bytes: Uint8Array): Promise<DeckText> {
  const key = `${createHash('sha256').update(bytes).digest('hex').slice(0, 24)}-${ENGINE_VERSION}.json`;
  const path = join(CACHE_DIR, key);
  if (values.cache && existsSync(path)) return JSON.parse(await readFile(path, 'utf8')) as DeckText;
  const { deck } = await analyzer.readText(bytes);
  if (values.cache) {
    await mkdir(CACHE_DIR, { recursive: true });
    await writeFile(path, JSON.stringify(deck));
  }
  return deck;
}

interface Outcome {
  label: LabelledDeck;
  report: DeckReport | null;
  error: string | null;
  deck: DeckText | null;
}

function overallOf(deck: DeckText): number | null {
  try {
    return buildAnalysis(deck, null).overall;
  } catch (e) {
    if (isDeckError(e) && e.code === 'not_a_deck') return null;
    throw e;
  }
}

const near = (a: number, b: number) => Math.abs(a - b) <= 0.02 * Math.max(Math.abs(a), Math.abs(b));

async function main(): Promise<void> {
  const labels = JSON.parse(await readFile(join(DECKS_DIR, 'labels.json'), 'utf8')) as LabelledDeck[];
  const analyzer = new DeckAnalyzer();
  const outcomes: Outcome[] = [];
  const decks: Array<{ label: LabelledDeck; bytes: Uint8Array }> = [];
  for (const label of labels) decks.push({ label, bytes: new Uint8Array(await readFile(join(DECKS_DIR, 'real', label.file))) });
  for (const g of await generatedLabelledDecks()) decks.push(g);
  for (const { label, bytes } of decks) {
    if (typeof values.only === 'string' && !label.file.includes(values.only)) continue;
    try {
      const deck = await readCached(analyzer, bytes);
      // Labels name an angel round 'Angel'; the engine's stages call it pre-seed.
      const stage = label.stage === 'Angel' ? 'Pre-seed' : (label.stage ?? undefined);
      outcomes.push({ label, report: deckReport(deck, null, { stage }), error: null, deck });
    } catch (e) {
      outcomes.push({ label, report: null, error: isDeckError(e) ? e.code : String(e), deck: null });
    }
  }
  await analyzer.close();

  // Sections: precision/recall over (deck, page) pairs per section.
  const lines: string[] = [];
  lines.push(`engine ${ENGINE_VERSION}; ${outcomes.length} labelled decks`);
  lines.push('');
  lines.push('section        labelled  found  TP    P     R     F1');
  const f1s: number[] = [];
  for (const kind of SECTION_KINDS) {
    let tp = 0;
    let fp = 0;
    let fn = 0;
    for (const o of outcomes) {
      const truth = new Set(o.label.pages.filter((p) => p.sections.includes(kind)).map((p) => p.page));
      // A refused deck is a deck with no sections found.
      const found = new Set(o.report?.verdict.value === 'deck' ? o.report.sections[kind as SectionKind] : []);
      for (const p of found) {
        if (truth.has(p)) tp += 1;
        else fp += 1;
      }
      for (const p of truth) if (!found.has(p)) fn += 1;
    }
    const p = tp + fp === 0 ? 1 : tp / (tp + fp);
    const r = tp + fn === 0 ? 1 : tp / (tp + fn);
    const f1 = p + r === 0 ? 0 : (2 * p * r) / (p + r);
    f1s.push(f1);
    lines.push(`${kind.padEnd(14)} ${String(tp + fn).padStart(8)} ${String(tp + fp).padStart(6)} ${String(tp).padStart(3)}  ${p.toFixed(2)}  ${r.toFixed(2)}  ${f1.toFixed(2)}`);
  }
  const macro = f1s.reduce((a, b) => a + b, 0) / f1s.length;
  lines.push(`macro F1 ${macro.toFixed(3)} (target >= 0.85)`);
  lines.push('');

  // Facts: every fact the engine lists as current, against the labelled ones.
  let labelled = 0;
  let listed = 0;
  let right = 0;
  let found = 0;
  let nonCurrent = 0;
  const misses: string[] = [];
  const wrong: string[] = [];
  const counted: string[] = [];
  for (const o of outcomes) {
    const facts = o.report?.verdict.value === 'deck' ? o.report.facts.filter((f) => f.status === 'current') : [];
    const truth = Object.entries(o.label.facts);
    labelled += truth.length;
    const seen = new Set<string>();
    for (const f of facts) {
      const key = `${f.key}|${f.page}|${f.value}`;
      if (seen.has(key)) continue;
      seen.add(key);
      listed += 1;
      const ok = truth.some(([k, t]) => k === f.key && t.page === f.page && near(t.value, f.value));
      if (ok) right += 1;
      else wrong.push(`${o.label.file} p${f.page} ${f.key}=${f.value} '${f.quote.slice(0, 70)}'`);
      const bad = NON_CURRENT.filter((n) => n.file === o.label.file && (n.page === undefined || n.page === f.page) && near(n.value, f.value));
      if (bad.length > 0) {
        nonCurrent += 1;
        counted.push(`${o.label.file} p${f.page} ${f.key}=${f.value} (${bad[0]!.what})`);
      }
    }
    for (const [k, t] of truth) {
      if (facts.some((f) => f.key === k && f.page === t.page && near(t.value, f.value))) found += 1;
      else misses.push(`${o.label.file} p${t.page} ${k}=${t.value}`);
    }
  }
  const precision = listed === 0 ? 1 : right / listed;
  const recall = labelled === 0 ? 1 : found / labelled;
  lines.push(`facts: labelled ${labelled}, listed as current ${listed}, right ${right}`);
  lines.push(`fact precision ${precision.toFixed(3)} (target >= 0.90), recall ${recall.toFixed(3)} (target >= 0.80)`);
  lines.push(`targets or other companies' figures counted as current: ${nonCurrent} (target 0)`);
  for (const c of counted) lines.push(`  counted: ${c}`);
  for (const m of misses) lines.push(`  missed: ${m}`);
  for (const w of wrong) lines.push(`  wrong:  ${w}`);
  lines.push('');

  // Ordering: every (raised, idea-stage) pair; a refused deck scores below every deck.
  const score = (file: string) => {
    const o = outcomes.find((x) => x.label.file === file);
    if (!o?.report) return null;
    return o.report.verdict.value === 'deck' ? (o.report.overall ?? 0) : -1;
  };
  let pairs = 0;
  let ordered = 0;
  for (const hi of ORDERING.raised) {
    for (const lo of ORDERING.early) {
      const a = score(hi);
      const b = score(lo);
      if (a === null || b === null) continue;
      pairs += 1;
      if (a > b) ordered += 1;
    }
  }
  lines.push(`ordering: ${ordered}/${pairs} pairs (${pairs === 0 ? 'n/a' : ((100 * ordered) / pairs).toFixed(0)}%, target >= 90%)`);
  lines.push('');

  // Gaming: each gaming slide added to every labelled deck that is scored; the largest rise.
  const gaming: Array<[string, Array<ReturnType<typeof slide>>]> = [
    ['headings slide', [HEADINGS_SLIDE]],
    ['heading-only slides', HEADING_ONLY_SLIDES],
    ['buzzword slide', [BUZZWORD_SLIDE]],
    ['goals slide', [GOALS_SLIDE]],
  ];
  for (const [name, extra] of gaming) {
    let worst = -Infinity;
    let where = '';
    for (const o of outcomes) {
      const before = o.deck && o.report?.verdict.value === 'deck' ? o.report.overall : null;
      if (!o.deck || before === null) continue;
      const after = overallOf(withPages(o.deck, extra)) ?? 0;
      if (after - before > worst) {
        worst = after - before;
        where = o.label.file;
      }
    }
    lines.push(`gaming: ${name.padEnd(20)} largest rise ${worst >= 0 ? '+' : ''}${worst} (${where}) (target <= +2)`);
  }
  const only = overallOf({ format: 'pptx', pages: [slide('Acme AI'), HEADINGS_SLIDE, ...HEADING_ONLY_SLIDES, BUZZWORD_SLIDE, GOALS_SLIDE].map((p, i) => ({ ...p, number: i + 1 })) });
  lines.push(`gaming: a deck of only those        ${only === null ? 'refused as not a deck' : `scores ${only}`} (target <= 25 or refused)`);
  lines.push('');
  lines.push('deck                                       verdict      overall  sections found/labelled pages');
  for (const o of outcomes) {
    const r = o.report;
    const pagesFound = r ? new Set(Object.values(r.sections).flat()).size : 0;
    const pagesLabelled = o.label.pages.filter((p) => p.sections.length > 0).length;
    const verdict = o.error ?? r?.verdict.value ?? '';
    lines.push(`${o.label.file.padEnd(42)} ${verdict.padEnd(12)} ${String(r?.overall ?? '-').padStart(7)}  ${pagesFound}/${pagesLabelled}`);
  }
  if (values.pages) lines.push('', ...pageDiffs(outcomes));
  process.stdout.write(`${lines.join('\n')}\n`);
}

/** `--pages`: every page whose sections differ from its labels ('p7 +product -solution'). */
function pageDiffs(outcomes: Outcome[]): string[] {
  const out: string[] = [];
  for (const o of outcomes) {
    const found = new Map<number, string[]>();
    if (o.report?.verdict.value === 'deck') for (const [k, ps] of Object.entries(o.report.sections)) for (const p of ps) found.set(p, [...(found.get(p) ?? []), k]);
    const pages = new Set([...o.label.pages.map((p) => p.page), ...found.keys()]);
    for (const page of [...pages].sort((a, b) => a - b)) {
      const truth = o.label.pages.find((p) => p.page === page)?.sections ?? [];
      const got = found.get(page) ?? [];
      const extra = got.filter((k) => !truth.includes(k)).map((k) => `+${k}`);
      const missing = truth.filter((k) => !got.includes(k)).map((k) => `-${k}`);
      if (extra.length + missing.length > 0) out.push(`${o.label.file} p${page} ${[...extra, ...missing].join(' ')}`);
    }
  }
  return out;
}

await main();
