import { RUBRIC, DeckAnalyzer, ENGINE_VERSION } from '@fitscore/deck-analysis';
import { SUB_SCORE_KEYS, type FitScoreAnalysis } from '@fitscore/contracts';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DECKS_DIR, sharedFixtures } from '../../../../../test-support/shared-fixtures.ts';
import { measurePages, pageTexts } from '../../../test/report-pages.ts';
import { pdfSafe, renderReportPdf, type ReportInput } from './report-pdf.ts';

/**
 * The PDF report laid out as a document (issue 29, point 10), checked on reports of real decks:
 * every page drawn with PDFium and measured, and the text read back from the PDF.
 */
const fixtures = sharedFixtures();
const DECKS = ['cognitii-investor-deck.pdf', 'the-seam-seed-round-2024.pdf'];
/** A page other than the last is filled at least this far down its writing area. */
const MIN_FILL = 0.5;
const SECTIONS = ['Score breakdown', 'Strengths', 'Top 3 Do-Next', 'Key metrics', 'Points to check', "How it's calculated"];

const analyses = new Map<string, FitScoreAnalysis>();
beforeAll(async () => {
  if (!fixtures.available) return;
  const analyzer = new DeckAnalyzer({ maxWorkers: 1 });
  try {
    for (const file of DECKS) analyses.set(file, await analyzer.analyze(new Uint8Array(readFileSync(join(DECKS_DIR, 'real', file))), null));
  } finally {
    await analyzer.close();
  }
}, 180_000);
afterAll(() => analyses.clear());

/** A company whose long name and one-liner (140 characters, the profile's limit) fill the cover. */
const company = (file: string): ReportInput['company'] => ({
  startup_name: `${file.replace(/-.*/, '')} Learning Technologies International`,
  one_liner: 'Adaptive reading coaches for neurodiverse learners that cut time-to-fluency ≥ 30% → schools adopt in a term, parents pay monthly; 4 markets.',
  industry: 'EdTech',
  stage: 'Seed',
  hq_geo: 'Bengaluru, India',
});

function report(file: string) {
  const analysis = analyses.get(file)!;
  const input: ReportInput = {
    company: company(file),
    score: { id: 'r', createdAt: '2026-11-28T10:00:00.000Z', deck: { id: null, version: 1, filename: file }, engineVersion: ENGINE_VERSION, overall: analysis.overall, analysis },
    generatedAt: new Date('2026-11-28T10:00:00Z'),
    method: { overall: RUBRIC.overall, confidence: RUBRIC.confidence },
  };
  return { input, pdf: renderReportPdf(input).then((b) => new Uint8Array(b)) };
}

/** Every text the report prints from the company and the analysis (evidence quotes as shortened). */
function printedTexts(input: ReportInput): string[] {
  const a = input.score.analysis;
  return [
    input.company!.startup_name,
    input.company!.one_liner,
    ...SUB_SCORE_KEYS.flatMap((k) => [
      a.subScores[k].summary,
      ...a.subScores[k].evidence.slice(0, 6).map((e) => (e.quote.length > 220 ? e.quote.slice(0, 217) : e.quote)),
      ...a.subScores[k].rules.map((r) => r.description),
    ]),
    ...a.strengths.map((s) => s.text),
    ...a.doNext.slice(0, 3).flatMap((d) => [d.title, d.detail]),
  ];
}

describe.skipIf(!fixtures.available)('the PDF report lays out like a document', () => {
  it.each(DECKS)('%s: no page but the last is left mostly blank, and each page opens with a heading', async (file) => {
    const { pdf } = report(file);
    const bytes = await pdf;
    const pages = await measurePages(bytes);
    expect(pages.length).toBeGreaterThanOrEqual(4);
    const thin = pages.slice(0, -1).filter((p) => p.fill < MIN_FILL).map((p) => `page ${p.page}: ${(p.fill * 100).toFixed(0)}%`);
    expect(thin, 'pages filled less than half (a block split or pushed over, leaving a page nearly blank)').toEqual([]);

    // After the cover every page opens with a section heading, the glance panel, or the section it continues.
    const texts = await pageTexts(bytes);
    texts.slice(1).forEach((t, i) => {
      const first = t.trim().split('\n')[0]!.trim();
      expect([...SECTIONS, 'At a glance'].includes(first) || first.includes('(continued)'), `page ${i + 2} opens with “${first}”`).toBe(true);
    });
  }, 120_000);

  it.each(DECKS)('%s: a heading never ends a page: Top 3 Do-Next is on the page of its first item', async (file) => {
    const { input, pdf } = report(file);
    const texts = await pageTexts(await pdf);
    const first = input.score.analysis.doNext[0]!;
    const page = texts.find((t) => t.includes('Top 3 Do-Next'))!;
    expect(page.replace(/\s+/g, ' ')).toContain(first.title);
    for (const heading of SECTIONS.filter((h) => h !== 'Points to check')) {
      const at = texts.find((t) => t.includes(heading))!;
      const lines = at.trim().split('\n').map((l) => l.trim());
      expect(lines.at(-1) === heading || lines.indexOf(heading) === lines.length - 1, `${heading} ends its page`).toBe(false);
    }
  }, 60_000);

  it.each(DECKS)('%s: every character printed has a glyph (≥ and → included): the text reads back from the PDF', async (file) => {
    const { input, pdf } = report(file);
    const read = new Set((await pageTexts(await pdf)).join('').replace(/\s/g, ''));
    const printed = new Set(pdfSafe(printedTexts(input).join('')).replace(/\s/g, ''));
    const missing = [...printed].filter((c) => !read.has(c));
    expect(missing, 'characters printed without a glyph').toEqual([]);
    // This deck's evidence and Do-Next use the symbols the issue saw missing.
    if (file.startsWith('cognitii')) expect([...printed]).toEqual(expect.arrayContaining(['≥', '→']));
  }, 60_000);
});
