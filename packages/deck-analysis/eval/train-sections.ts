/**
 * `npm run train:sections [-- --check]`: fits the section classifier (ADR 0037) on every
 * hand-labelled deck in ../shared/fixtures/decks/labels.json and writes
 * src/understand/section-model/section-weights.json. Training is deterministic (zero start,
 * fixed steps, fixed order, weights to six decimals), so the same labels and decks give the
 * same file byte for byte; `--check` says whether the committed file is that file.
 * The decks' text is read as the app reads it (text layer and OCR); `--cache` reuses
 * eval:decks' cache of read text.
 */
import { readFile, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';
import { DECKS_DIR } from '../../../test-support/shared-fixtures.ts';
import { DeckAnalyzer } from '../src/analyzer.ts';
import { fitSectionModel, serializeModel, WEIGHTS_FILE, type TrainingDeck } from '../src/understand/section-model/section-model.ts';
import { DEFAULT_FIT } from '../src/understand/section-model/section-model.ts';
import { readCached, readLabels, trainingDeck } from './corpus.ts';

const { values } = parseArgs({ options: { check: { type: 'boolean' }, cache: { type: 'boolean' } }, strict: false });

const { labels, sha256 } = await readLabels();
const analyzer = new DeckAnalyzer();
const decks: TrainingDeck[] = [];
try {
  for (const label of labels) {
    const deck = await readCached(analyzer, new Uint8Array(await readFile(join(DECKS_DIR, 'real', label.file))), values.cache === true);
    decks.push(trainingDeck(label, deck));
  }
} finally {
  await analyzer.close();
}
const text = serializeModel(fitSectionModel(decks, DEFAULT_FIT, sha256));
const path = fileURLToPath(WEIGHTS_FILE);
if (values.check) {
  const same = (await readFile(path, 'utf8').catch(() => '')) === text;
  process.stdout.write(same ? `${path} is what the labels train, byte for byte\n` : `${path} differs from what the labels train: run npm run train:sections\n`);
  process.exitCode = same ? 0 : 1;
} else {
  await writeFile(path, text);
  process.stdout.write(`wrote ${path}: ${decks.length} decks, ${decks.reduce((n, d) => n + d.ctx.pages.length, 0)} pages\n`);
}
