/**
 * `npm run bench:bombs -w @fitscore/deck-analysis`: what decompression and pixel bombs cost.
 * In this one process (host and worker threads), inspects and analyses a 1 MB PDF whose
 * content stream inflates to 1 GB and a small PPTX holding a 30000x30000 PNG, alone and then
 * four at once, sampling the process's RSS every 20 ms. Prints each outcome (the DeckError
 * code), the time it took and the peak RSS growth over the warm baseline. Target: every bomb
 * ends with its typed error and the process grows by less than 1 GB.
 */
import { readFileSync } from 'node:fs';
import { DeckAnalyzer } from '../src/analyzer.ts';
import { makeFlateBombPdf, makePixelBombPptx } from '../src/testing/bombs.ts';
import { makeImagePdf } from '../src/testing/generate-decks.ts';

/** Resident memory of the whole process (all threads), in MB. */
function rssMb(): number {
  try {
    const m = /VmRSS:\s+(\d+) kB/.exec(readFileSync('/proc/self/status', 'utf8'));
    if (m) return Number(m[1]) / 1024;
  } catch {
    // not Linux
  }
  return process.memoryUsage().rss / 2 ** 20;
}

const analyzer = new DeckAnalyzer({ maxWorkers: 2 });
// Warm both pools on a small scanned deck, so the baseline holds PDFium and tesseract.
await analyzer.readText(await makeImagePdf([{ title: 'Acme Robotics', lines: ['Robots for retailers', 'MRR $40K'] }]));
const baseline = rssMb();
let peak = baseline;
const sampler = setInterval(() => (peak = Math.max(peak, rssMb())), 20);

const pdf = makeFlateBombPdf();
const pptx = await makePixelBombPptx();
const cases: Array<[string, () => Promise<unknown>]> = [
  ['inspect pdf flate bomb (1 MB -> 1 GB)', () => analyzer.inspect(pdf)],
  ['analyze pdf flate bomb', () => analyzer.analyze(pdf, null)],
  [`inspect pptx pixel bomb (${Math.round(pptx.length / 1024)} KB, 30000x30000 PNG)`, () => analyzer.inspect(pptx)],
  ['analyze pptx pixel bomb', () => analyzer.analyze(pptx, null)],
  ['four bombs at once (2 pdf, 2 pptx, analyze)', () => Promise.all([pdf, pptx, pdf, pptx].map((b) => analyzer.analyze(b, null).catch((e: unknown) => e)))],
];

const outcomeOf = (r: unknown): string => {
  if (Array.isArray(r)) return r.map(outcomeOf).join(',');
  const code = (r as { code?: string } | null)?.code;
  return code ?? 'scored';
};

let worst = 0;
for (const [name, run] of cases) {
  peak = rssMb();
  const before = peak;
  const t = performance.now();
  let outcome: string;
  try {
    outcome = outcomeOf(await run());
  } catch (e) {
    outcome = outcomeOf(e);
  }
  const grew = Math.max(0, peak - baseline);
  worst = Math.max(worst, grew);
  console.log(`${name.padEnd(58)} ${outcome.padEnd(44)} ${String(Math.round(performance.now() - t)).padStart(6)} ms  peak +${Math.round(grew)} MB (start +${Math.round(before - baseline)})`);
}
clearInterval(sampler);
await analyzer.close();
console.log(`baseline RSS ${Math.round(baseline)} MB; largest growth +${Math.round(worst)} MB (target < 1024 MB) ${worst < 1024 ? 'ok' : 'OVER'}`);
