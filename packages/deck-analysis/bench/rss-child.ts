/**
 * One deck, one fresh process: prints the process's peak RSS (all threads: host,
 * readers, OCR) for that deck alone. Used by bench/run.ts; `maxWorkers` as argv[3].
 */
import { readFileSync } from 'node:fs';
import { readFile } from 'node:fs/promises';

/**
 * Peak RSS of this process. getrusage's maxrss survives fork+exec on Linux (a child of
 * a big parent starts with the parent's peak), so read VmHWM, which belongs to this
 * address space only; fall back to maxRSS elsewhere.
 */
function peakRssMb(): number {
  try {
    const hwm = /VmHWM:\s+(\d+) kB/.exec(readFileSync('/proc/self/status', 'utf8'));
    if (hwm) return Math.round(Number(hwm[1]) / 1024);
  } catch {
    // not Linux
  }
  return Math.round(process.resourceUsage().maxRSS / 1024);
}
import { DeckAnalyzer } from '../src/index.ts';

const [path, workers] = process.argv.slice(2);
const analyzer = new DeckAnalyzer({ maxWorkers: Number(workers ?? 2) });
let outcome = 'ok';
try {
  await analyzer.analyze(new Uint8Array(await readFile(path!)), null);
} catch (e) {
  outcome = (e as { code?: string }).code ?? 'error';
}
await analyzer.close();
console.log(JSON.stringify({ maxRssMb: peakRssMb(), outcome }));
