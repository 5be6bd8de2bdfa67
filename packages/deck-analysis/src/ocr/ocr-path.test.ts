import { afterAll, describe, expect, it } from 'vitest';
import { figures } from '../../eval/figures.ts';
import { generatedLabelledDecks } from '../../eval/generated-labels.ts';
import { ocrDeckText } from '../../eval/ocr-path.ts';
import { DeckAnalyzer } from '../analyzer.ts';
import { PageImageRenderer } from '../pdf/page-image.ts';
import { deckReport } from '../report/deck-report.ts';

/**
 * Image-only decks read as well as text ones: a labelled text deck, drawn page by page and read
 * back by OCR alone (as `eval:decks --ocr` does for every labelled text deck), finds its sections
 * and facts at 0.9 times the text path's figures or better.
 */
describe('the OCR path against the text path', () => {
  const analyzer = new DeckAnalyzer({ maxWorkers: 1, timeoutMs: 120_000 });
  const renderer = new PageImageRenderer();
  afterAll(async () => {
    await analyzer.close();
    await renderer.close();
  });

  it('reads a labelled text deck from its page images with section F1 and fact recall >= 0.9x the text layer', async () => {
    const { label, bytes } = (await generatedLabelledDecks()).find((d) => d.label.file.endsWith('.pdf'))!;
    const text = (await analyzer.readText(bytes)).deck;
    const ocr = await ocrDeckText(analyzer, renderer, bytes, false);
    expect(ocr.pages.every((p) => p.source === 'ocr')).toBe(true);
    const viaText = figures([{ label, report: deckReport(text, null, { stage: 'Seed' }), error: null }]);
    const viaOcr = figures([{ label, report: deckReport(ocr, null, { stage: 'Seed' }), error: null }]);
    expect(viaText.macroF1).toBeGreaterThan(0.5);
    expect(viaOcr.macroF1).toBeGreaterThanOrEqual(0.9 * viaText.macroF1);
    expect(viaOcr.facts.recall).toBeGreaterThanOrEqual(0.9 * viaText.facts.recall);
  }, 600_000);
});
