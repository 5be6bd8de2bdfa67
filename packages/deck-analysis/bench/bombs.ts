/**
 * `npm run bench:bombs -w @fitscore/deck-analysis`: what decompression and pixel bombs cost.
 * In this process and its worker processes (RSS summed), inspects and analyses a 1 MB PDF whose
 * content stream inflates to 1 GB and a small PPTX holding a 30000x30000 PNG, alone and then
 * four at once, sampling the RSS every 20 ms. Prints each outcome (the DeckError
 * code), the time it took and the peak RSS growth over the warm baseline. Target: every bomb
 * ends with its typed error and the process grows by less than 1 GB.
 */
import { readdirSync, readFileSync } from 'node:fs';
import { DeckAnalyzer } from '../src/analyzer.ts';
import { makeFlateBombPdf, makePixelBombPptx } from '../src/testing/bombs.ts';
import { makeImagePdf } from '../src/testing/generate-decks.ts';

/** Resident memory of a process, in MB (0 once it is gone). */
function rssOf(pid: number): number {
  try {
    const m = /VmRSS:\s+(\d+) kB/.exec(readFileSync(`/proc/${pid}/status`, 'utf8'));
    return m ? Number(m[1]) / 1024 : 0;
  } catch {
    return 0;
  }
}

/** This process and its worker processes, recursively (Linux /proc). */
function tree(pid: number): number[] {
  let kids: number[] = [];
  try {
    for (const task of readdirSync(`/proc/${pid}/task`)) {
      kids = kids.concat(readFileSync(`/proc/${pid}/task/${task}/children`, 'utf8').split(/\s+/).filter(Boolean).map(Number));
    }
  } catch {
    // gone, or not Linux
  }
  return [pid, ...kids.flatMap(tree)];
}

/** Resident memory of the host and its deck workers together, in MB. */
function rssMb(): number {
  const pids = tree(process.pid);
  const total = pids.reduce((n, p) => n + rssOf(p), 0);
  return total > 0 ? total : process.memoryUsage().rss / 2 ** 20;
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
