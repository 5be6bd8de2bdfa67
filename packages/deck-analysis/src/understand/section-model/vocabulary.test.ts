import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DECKS_DIR, sharedFixtures } from '../../../../../test-support/shared-fixtures.ts';
import { companyOf, readLabels } from '../../../eval/corpus.ts';
import { DeckAnalyzer } from '../../analyzer.ts';
import { rulePhrases, words } from '../sections.ts';
import { tokens } from './page-features.ts';
import { committedSectionModel } from './section-model.ts';

/**
 * No section evidence may be one deck's vocabulary: the model's strongest word features and
 * every phrase of the rules occur in the decks of two companies or more, or in none of the
 * labelled decks (the German, French, Spanish and Portuguese headings), never in one company's only.
 */
const fixtures = sharedFixtures();

describe.skipIf(!fixtures.available)('the vocabulary of sections, against the labelled decks', () => {
  const texts: Array<{ company: string; text: string; words: Set<string> }> = [];
  const analyzer = new DeckAnalyzer({ maxWorkers: 2, timeoutMs: 120_000 });

  beforeAll(async () => {
    const { labels } = await readLabels();
    for (const label of labels) {
      const { deck } = await analyzer.readText(new Uint8Array(await readFile(join(DECKS_DIR, 'real', label.file))));
      const text = deck.pages.map((p) => `${p.title ?? ''}\n${p.text}\n${p.notes}`).join('\n');
      texts.push({ company: companyOf(label.file), text, words: new Set(tokens(text)) });
    }
  }, 900_000);
  afterAll(() => analyzer.close());

  const companiesWith = (test: (t: (typeof texts)[number]) => boolean) => new Set(texts.filter(test).map((t) => t.company)).size;

  it("lists the model's strongest word features and finds each in two companies' decks or more", () => {
    const model = committedSectionModel();
    const strongest = new Set<string>();
    model.classes.forEach((_, c) => {
      const byWeight = [...model.weights].filter(([n]) => n.startsWith('h:') || n.startsWith('w:')).sort((a, b) => b[1][c]! - a[1][c]!);
      for (const [name] of byWeight.slice(0, 25)) strongest.add(name);
    });
    expect(strongest.size).toBeGreaterThan(50);
    const single = [...strongest].filter((name) => companiesWith((t) => t.words.has(name.slice(2))) < 2);
    expect(single).toEqual([]);
  });

  it("finds no phrase of the rules in one company's decks only", () => {
    const single = [...new Set(rulePhrases())].filter((phrase) => {
      const re = words([phrase]);
      return companiesWith((t) => re.test(t.text)) === 1;
    });
    expect(single).toEqual([]);
  });
});
