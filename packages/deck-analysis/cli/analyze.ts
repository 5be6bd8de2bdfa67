/**
 * `npm run analyze -- FILE [--stage STAGE] [--profile profile.json]`: reads one deck
 * (text layer and OCR, as the app does) and prints its analysis as JSON on stdout
 * (see README.md). Exit 0 when the file was analysed (the verdict says whether it is a
 * deck), 2 with `{ error, code }` when it cannot be read, 1 on a usage error.
 */
import { readFile } from 'node:fs/promises';
import { resolve } from 'node:path';
import { parseArgs } from 'node:util';
import { FounderProfileSchema, STAGES, type FounderProfile, type Stage } from '@fitscore/contracts';
import { DeckAnalyzer } from '../src/analyzer.ts';
import { DeckError, isDeckError } from '../src/errors.ts';
import { deckReport } from '../src/report/deck-report.ts';

const USAGE = 'usage: npm run analyze -- FILE [--stage STAGE] [--profile profile.json]';

function fail(code: string, error: string, exit: number): never {
  process.stdout.write(`${JSON.stringify({ error, code })}\n`);
  process.exit(exit);
}

const { values, positionals } = parseArgs({
  allowPositionals: true,
  options: { stage: { type: 'string' }, profile: { type: 'string' } },
  strict: false,
});
// npm runs workspace scripts in the workspace folder; paths are relative to where it was typed.
const base = process.env.INIT_CWD ?? process.cwd();
const file = positionals[0];
if (!file) fail('usage', USAGE, 1);
const stage = typeof values.stage === 'string' ? values.stage : undefined;
if (stage !== undefined && !(STAGES as readonly string[]).includes(stage)) fail('usage', `--stage must be one of: ${STAGES.join(', ')}`, 1);

let profile: FounderProfile | null = null;
if (typeof values.profile === 'string') {
  try {
    profile = FounderProfileSchema.parse(JSON.parse(await readFile(resolve(base, values.profile), 'utf8')));
  } catch (e) {
    fail('invalid_profile', `The profile could not be read: ${e instanceof Error ? e.message.slice(0, 300) : String(e)}`, 1);
  }
}

let bytes: Uint8Array;
try {
  bytes = new Uint8Array(await readFile(resolve(base, file)));
} catch (e) {
  fail('not_found', `The file could not be opened: ${e instanceof Error ? e.message : String(e)}`, 2);
}

const analyzer = new DeckAnalyzer();
try {
  const read = await analyzer.readText(bytes);
  const report = deckReport(read.deck, profile, { stage: stage as Stage | undefined });
  process.stdout.write(`${JSON.stringify(report, null, 2)}\n`);
} catch (e) {
  const err = isDeckError(e) ? e : new DeckError('corrupt', undefined, { cause: e });
  await analyzer.close();
  fail(err.code, err.message, 2);
}
await analyzer.close();
