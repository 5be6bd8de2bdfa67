import type { FitScoreAnalysis, FounderProfile } from '@fitscore/contracts';
import type { LlmExtras } from './llm/llm-enrich.ts';
import type { DeckText } from './model.ts';
import { scoreDeck } from './score/score-deck.ts';
import { countWords } from './text/text-quality.ts';
import { DeckError } from './errors.ts';
import type { SectionModel } from './understand/section-model/section-model.ts';
import { understandDeck } from './understand/understand-deck.ts';
import { judgeDeck } from './understand/verdict.ts';
import { ENGINE_VERSION } from './version.ts';

export interface BuildOptions {
  /** Verified model output and the model's name, when a model was used. */
  llm?: { model: string; extras: LlmExtras } | null;
  parseMs?: number;
  ocrMs?: number;
  /** The section classifier to use instead of the committed one (cross-validation fits one per fold). */
  sectionModel?: SectionModel;
}

const round = (ms: number) => Math.round(ms);

/**
 * Read deck + profile -> FitScore analysis (understanding and scoring). Pure apart
 * from the timings it reports; everything else is a function of its inputs. Throws
 * DeckError('not_a_deck') for a file that is not a pitch deck.
 */
export function buildAnalysis(deck: DeckText, profile: FounderProfile | null, options: BuildOptions = {}): FitScoreAnalysis {
  const t0 = performance.now();
  const extras = {
    ...(options.llm ? { facts: options.llm.extras.facts, sections: options.llm.extras.sections } : {}),
    ...(options.sectionModel ? { sectionModel: options.sectionModel } : {}),
  };
  const u = understandDeck(deck, profile, extras);
  // A file that is not a pitch deck gets its reason, never a score.
  const verdict = judgeDeck(u);
  if (!verdict.deck) throw new DeckError('not_a_deck', verdict.reason ?? undefined);
  const t1 = performance.now();
  const scored = scoreDeck(u);
  const t2 = performance.now();
  const llmUsed = options.llm && (options.llm.extras.facts.length > 0 || options.llm.extras.sections.length > 0);
  return {
    engineVersion: ENGINE_VERSION,
    deck: {
      format: deck.format,
      pages: deck.pages.length,
      textPages: u.textPages,
      ocrPages: u.ocrPages,
      words: deck.pages.reduce((n, p) => n + countWords(p.text) + countWords(p.notes), 0),
    },
    ...scored,
    sections: u.sections.map((s) => ({ kind: s.kind, title: s.title, pages: [...s.pages] })),
    facts: u.facts,
    contradictions: u.contradictions.map((c) => ({ metric: c.metric, profileValue: c.profileValue, deckValue: c.deckValue, page: c.page, message: c.message })),
    llm: llmUsed && options.llm ? { model: options.llm.model, factsAdded: options.llm.extras.facts.length, sectionsAdded: options.llm.extras.sections.length } : null,
    timings: {
      parseMs: round(options.parseMs ?? 0),
      ocrMs: round(options.ocrMs ?? 0),
      understandMs: round(t1 - t0),
      scoringMs: round(t2 - t1),
    },
  };
}
