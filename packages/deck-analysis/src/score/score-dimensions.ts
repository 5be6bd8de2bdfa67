import { SUB_SCORE_KEYS, type Evidence, type RuleHit, type SubScoreKey } from '@fitscore/contracts';
import type { Understanding } from '../understand/understanding.ts';
import { buildContext } from './context.ts';
import { DIMENSIONS, type DimensionDef, type Fired, type RuleDef } from './rules.ts';

export interface DimensionResult {
  key: SubScoreKey;
  score: number;
  /** Unclamped base + points, for tie-breaking and tests. */
  raw: number;
  fired: Array<{ rule: RuleDef; hit: Fired; points: number }>;
  /** 'What to add' texts of positive rules that did not fire. */
  missing: string[];
  /** Whether any positive rule fired; without, the score is the floor and says 'No evidence'. */
  evidence: boolean;
}

export const FLOOR = 1;

export function clampScore(raw: number): number {
  // Round half up on a value computed from halves: deterministic, no float surprises.
  return Math.min(10, Math.max(1, Math.floor(raw + 0.5)));
}

function scoreDimension(def: DimensionDef, u: Understanding, ctx = buildContext(u)): DimensionResult {
  let raw = def.base;
  const fired: DimensionResult['fired'] = [];
  const missing: string[] = [];
  for (const rule of def.rules) {
    const hit = rule.check(ctx);
    if (hit) {
      const points = hit.points ?? rule.points;
      raw += points;
      fired.push({ rule, hit, points });
    } else if (rule.points > 0 && rule.missing) missing.push(rule.missing);
  }
  // No points for absence: a dimension with no positive evidence gets the floor.
  const evidence = fired.some((f) => f.points > 0);
  return { key: def.key, score: evidence ? clampScore(raw) : FLOOR, raw, fired, missing, evidence };
}

export function scoreDimensions(u: Understanding): Record<SubScoreKey, DimensionResult> {
  const ctx = buildContext(u);
  const out = {} as Record<SubScoreKey, DimensionResult>;
  for (const def of DIMENSIONS) out[def.key] = scoreDimension(def, u, ctx);
  for (const key of SUB_SCORE_KEYS) if (!out[key]) throw new Error(`rubric has no dimension ${key}`);
  return out;
}

export function ruleHits(r: DimensionResult): RuleHit[] {
  return r.fired.map((f) => ({ id: f.rule.id, description: f.hit.detail, points: f.points }));
}

export function dimensionEvidence(r: DimensionResult): Evidence[] {
  const seen = new Set<string>();
  const out: Evidence[] = [];
  for (const f of r.fired) {
    for (const e of f.hit.evidence) {
      const key = `${e.source}|${e.page}|${e.quote}`;
      if (seen.has(key)) continue;
      seen.add(key);
      out.push(e);
    }
  }
  return out.slice(0, 12);
}
