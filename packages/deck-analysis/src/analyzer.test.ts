import { execFile } from 'node:child_process';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { promisify } from 'node:util';
import { FitScoreAnalysisSchema } from '@fitscore/contracts';
import { afterAll, describe, expect, it } from 'vitest';
import { DeckAnalyzer, type AnalyzeProgress } from './analyzer.ts';
import { DeckError } from './errors.ts';
import { makeImagePdf, makeLyingPageCountPdf, makeLyingZipBomb, makePptx, makeTextPdf } from './testing/generate-decks.ts';
import { makeProfile } from './testing/profiles.ts';

const slides = [
  { title: 'Acme Robotics', lines: ['Warehouse robots for small retailers. Seed round.'] },
  { title: 'Traction', lines: ['MRR $45K growing 18% MoM', '120 paying customers', 'Gross margin 75%'] },
  { title: 'Team', lines: ['Jane Doe, CEO & Co-founder, ex-Google', 'John Roe, CTO & Co-founder, PhD MIT'] },
];

const codeOf = (p: Promise<unknown>) =>
  p.then(
    () => 'no error',
    (e: unknown) => (e instanceof DeckError ? e.code : `untyped: ${String(e)}`),
  );

describe('DeckAnalyzer', () => {
  const analyzer = new DeckAnalyzer({ maxWorkers: 2 });
  afterAll(() => analyzer.close());

  it('analyses a deck in worker threads, reporting real stages, into a schema-valid result', async () => {
    const progress: AnalyzeProgress[] = [];
    const a = await analyzer.analyze(await makePptx(slides), makeProfile({ stage: 'Seed' }), { onProgress: (p) => progress.push(p) });
    expect(() => FitScoreAnalysisSchema.parse(a)).not.toThrow();
    expect(a.deck).toMatchObject({ format: 'pptx', pages: 3, textPages: 3, ocrPages: 0 });
    expect(a.keyMetrics.mrr).toMatchObject({ value: 45_000, source: 'deck', page: 2 });
    const stages = [...new Set(progress.map((p) => p.stage))];
    expect(stages).toEqual(['reading', 'understanding', 'scoring']);
    expect(progress.find((p) => p.stage === 'reading' && p.done === 3)?.total).toBe(3);
  });

  it('inspects a deck at upload speed: pages and text layer, with typed errors for files that cannot be read', async () => {
    const pptx = await analyzer.inspect(await makePptx(slides));
    expect(pptx).toMatchObject({ format: 'pptx', pages: 3, textPages: 3 });
    // The text layer comes with it (read in the reader process), for the company's facts.
    expect(pptx.deck.pages.map((p) => p.text.split('\n')[0])).toEqual(slides.map((s) => s.title));
    // Image-only pages are counted, not read: OCR waits for the scoring.
    const scanned = await analyzer.inspect(await makeImagePdf(slides.slice(0, 2)));
    expect(scanned).toMatchObject({ format: 'pdf', pages: 2, textPages: 0 });
    expect(scanned.deck.pages.map((p) => p.text)).toEqual(['', '']);
    const locked = await makeTextPdf([{ title: 'Secret', lines: ['numbers'] }], { userPassword: 'pw', ownerPassword: 'owner', pdfVersion: '1.7ext3' });
    expect(await codeOf(analyzer.inspect(locked))).toBe('encrypted');
    expect(await codeOf(analyzer.inspect(await makeLyingZipBomb(200 * 1024 * 1024)))).toBe('zip_bomb');
    // A page tree claiming 213 million pages is read as what is really there (emptiness is judged after OCR, at scoring).
    expect((await analyzer.inspect(makeLyingPageCountPdf(213_000_000))).pages).toBeLessThanOrEqual(1);
  });

  it('gives the same analysis for the same deck (timings aside)', async () => {
    const bytes = await makePptx(slides);
    const [x, y] = [await analyzer.analyze(bytes, null), await analyzer.analyze(bytes, null)];
    expect({ ...x, timings: null }).toEqual({ ...y, timings: null });
  });

  it('reads image-only pages with OCR in the OCR threads', async () => {
    const progress: AnalyzeProgress[] = [];
    // Enough words to be judged a pitch (a line of text alone is refused as not a deck).
    const slide = { title: 'Traction', lines: ['We have 120 paying customers.', 'Retailers use our robots every day to pick', 'and pack their orders twice as fast as before.'] };
    const a = await analyzer.analyze(await makeImagePdf([slide]), null, {
      onProgress: (p) => progress.push(p),
    });
    expect(a.deck).toMatchObject({ format: 'pdf', pages: 1, ocrPages: 1 });
    expect(a.facts.some((f) => f.kind === 'payingCustomers' && f.value === 120 && f.page === 1)).toBe(true);
    expect(progress.some((p) => p.stage === 'ocr' && p.done === 1 && p.total === 1)).toBe(true);
  });

  it('turns every bad input into a typed error', async () => {
    expect(await codeOf(analyzer.analyze(new Uint8Array(10 * 1024 * 1024 + 1), null))).toBe('too_large');
    expect(await codeOf(analyzer.analyze(new TextEncoder().encode('version https://git-lfs.github.com/spec/v1\n'), null))).toBe('unsupported_format');
    expect(await codeOf(analyzer.analyze(new Uint8Array([13, 10]), null))).toBe('empty');
    expect(await codeOf(analyzer.analyze(await makeLyingZipBomb(30 * 1024 * 1024), null))).toBe('zip_bomb');
  });

  it('stops a deck that overruns its budget and stays usable afterwards', async () => {
    const slow = new DeckAnalyzer({ maxWorkers: 1, timeoutMs: 1 });
    try {
      expect(await codeOf(slow.analyze(await makeImagePdf(slides), null))).toBe('timeout');
    } finally {
      await slow.close();
    }
    expect((await analyzer.analyze(await makePptx(slides), null)).deck.pages).toBe(3);
  });

  it('honours the caller’s abort signal', async () => {
    const controller = new AbortController();
    controller.abort();
    expect(await codeOf(analyzer.analyze(await makePptx(slides), null, { signal: controller.signal }))).toBe('aborted');
  });

  it('loads its workers when the host runs TypeScript through `node --import tsx`', async () => {
    const dir = await mkdtemp(join(tmpdir(), 'deck-analysis-'));
    try {
      const index = pathToFileURL(fileURLToPath(new URL('./index.ts', import.meta.url))).href;
      const gen = pathToFileURL(fileURLToPath(new URL('./testing/generate-decks.ts', import.meta.url))).href;
      const script = join(dir, 'host.mts');
      await writeFile(
        script,
        `import { DeckAnalyzer } from '${index}';\nimport { makePptx } from '${gen}';\nconst a = new DeckAnalyzer({ maxWorkers: 1 });\nconst r = await a.analyze(await makePptx([{ title: 'Traction', lines: ['MRR $45K', 'Retailers use our robots every day to pick and pack their orders twice as fast as before.'] }]), null);\nawait a.close();\nconsole.log(JSON.stringify({ pages: r.deck.pages, mrr: r.keyMetrics.mrr?.value }));\n`,
      );
      const { stdout } = await promisify(execFile)(process.execPath, ['--import', 'tsx', script], {
        cwd: fileURLToPath(new URL('..', import.meta.url)),
      });
      expect(JSON.parse(stdout.trim().split('\n').pop()!)).toEqual({ pages: 1, mrr: 45_000 });
    } finally {
      await rm(dir, { recursive: true, force: true });
    }
  });
});
