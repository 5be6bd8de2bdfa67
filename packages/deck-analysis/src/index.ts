/**
 * @fitscore/deck-analysis: deck bytes + founder profile -> FitScore analysis.
 * See README.md for the package rule and docs/scoring.md for the rubric.
 */
export { ENGINE_VERSION } from './version.ts';
export { detectDeckFormat, DECK_FORMATS, type DeckFormat } from './detect/detect-format.ts';
export { DeckError, isDeckError, DECK_ERROR_CODES, type DeckErrorCode } from './errors.ts';
export { DeckAnalyzer, type AnalysisStage, type AnalyzeOptions, type AnalyzeProgress, type DeckAnalyzerOptions, type DeckInspection } from './analyzer.ts';
export { weightedScore, weightedOverall } from './score/weighted.ts';
export { RUBRIC } from './score/rubric.ts';
export { LIMITS } from './limits.ts';
export { PageImageRenderer, PAGE_IMAGE, PPT_NOT_DRAWN, isPageOutOfRange, type PageImage, type PageOutOfRange } from './pdf/page-image.ts';
export type { LlmConfig } from './llm/llm-enrich.ts';
export type { FitScoreAnalysis, Rubric } from '@fitscore/contracts';

// Lower-level pure steps, for tests, the benchmark and scripts.
export { precheckDeck, applyOcr, finalizeDeck } from './read/deck-text.ts';
export type { ReadDeckOptions, ExtractOptions } from './read/read-deck.ts';

type ReadDeckModule = typeof import('./read/read-deck.ts');
// The parsers (PDFium, JSZip, cfb) load on first use only: a host that only
// uses DeckAnalyzer never loads them on its own thread (they run in the reader threads).
/** Whole reading pipeline (with optional OCR) on the calling thread. */
export async function readDeck(...args: Parameters<ReadDeckModule['readDeck']>): ReturnType<ReadDeckModule['readDeck']> {
  return (await import('./read/read-deck.ts')).readDeck(...args);
}
/** Text layer only (no OCR) on the calling thread. */
export async function extractDeck(...args: Parameters<ReadDeckModule['extractDeck']>): ReturnType<ReadDeckModule['extractDeck']> {
  return (await import('./read/read-deck.ts')).extractDeck(...args);
}
export { understandDeck } from './understand/understand-deck.ts';
export { scoreDeck } from './score/score-deck.ts';
export { buildAnalysis } from './build-analysis.ts';
export {
  assessReadability,
  countFigures,
  countWords,
  MAX_FIGURES_PER_SLIDE,
  MAX_WORDS_PER_SLIDE,
  MIN_CONTRAST,
  MIN_TEXT_PT,
  type ReadabilityPage,
} from './readability.ts';
export { TesseractEngine } from './ocr/tesseract-engine.ts';
export type { DeckText, PageText } from './model.ts';
export type { Understanding } from './understand/understanding.ts';
export { dealFactsFromDeck, messageFacts, subjectFacts, type DealFacts, type DealFactPage, type DealFactVocabulary } from './understand/deal-facts.ts';
