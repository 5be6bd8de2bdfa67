import { STAGES, type Stage } from '@fitscore/contracts';

/** Words of a free-text stage, most specific first ('pre-seed' before 'seed'). */
const STAGE_WORDS: [RegExp, Stage][] = [
  [/\b(pre ?seed|preseed|angel|friends (and|&) family|idea stage)\b/, 'Pre-seed'],
  [/\b(seed|post ?seed|seed ?plus)\b/, 'Seed'],
  [/\b(series ?a|pre ?series ?a|round ?a)\b/, 'Series A'],
  [/\b(series ?b|round ?b)\b/, 'Series B'],
  [/\b(series ?[c-h]|round ?[c-h]|growth|late stage|pre ?ipo)\b/, 'Series C+'],
];

/** The spec's stage a free-text stage names ('seed round' → Seed, 'Series D' → Series C+), or null when none. */
export function stageOf(text: string): Stage | null {
  const exact = STAGES.find((s) => s.toLowerCase() === text.trim().toLowerCase());
  if (exact) return exact;
  const words = text.toLowerCase().replace(/[^a-z0-9+&]+/g, ' ').replace(/\+/g, ' plus ').trim();
  if (!words) return null;
  return STAGE_WORDS.find(([pattern]) => pattern.test(words))?.[1] ?? null;
}
