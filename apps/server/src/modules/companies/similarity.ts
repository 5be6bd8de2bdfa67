import { STAGES, type BusinessModel, type Industry, type Stage } from '@fitscore/contracts';

/**
 * How alike a founder's company and a funded company are, 0-1 (documented in
 * docs/companies-csv.md):
 *
 *   similarity = 0.35 · sector + 0.25 · stage + 0.15 · model + 0.25 · text
 *
 * sector: 1 same, 0.5 related (same family below), else 0.
 * stage:  1 − |Δ| / 4 over Pre-seed … Series C+ (same 1, adjacent 0.75); 0.5 when unknown.
 * model:  1 same, 0 different, 0.5 when either is unknown.
 * text:   cosine of TF-IDF vectors: the founder's one-liner and ideal customer against each
 *         company's description, IDF over the compared set (smoothed: ln((1+N)/(1+df)) + 1).
 */
export const WEIGHTS = { sector: 0.35, stage: 0.25, model: 0.15, text: 0.25 } as const;

const SECTOR_FAMILIES: readonly (readonly Industry[])[] = [
  ['SaaS', 'Enterprise Software', 'DevTools', 'AI/ML'],
  ['Fintech', 'Crypto/Web3'],
  ['Healthcare', 'Biotech'],
  ['Climate Tech', 'Energy'],
  ['E-commerce', 'Marketplace', 'Consumer', 'Food & Beverage'],
  ['Logistics', 'Manufacturing'],
  ['Media', 'Gaming', 'Consumer'],
  ['PropTech', 'Marketplace'],
];

const STOPWORDS = new Set(
  `a an and are as at be by for from has have in into is it its of on or our that the their them they this to we with
   your you who which while will can more most all any app apps platform company companies startup startups based help
   helps new using use via without over per than then also just build builds built make makes made first best one get`
    .split(/\s+/)
    .filter(Boolean),
);

/** Lower-case words without accents, stopwords or numbers; a light plural strip so 'robots' meets 'robot'. */
export function tokenize(text: string): string[] {
  return text
    .toLowerCase()
    .normalize('NFKD')
    .replace(/[\u0300-\u036f]/g, '')
    .split(/[^a-z0-9]+/)
    .filter((w) => w.length >= 2 && !/^\d+$/.test(w) && !STOPWORDS.has(w))
    .map((w) => (w.length > 4 && w.endsWith('ies') ? `${w.slice(0, -3)}y` : w.length > 3 && /[^su]s$/.test(w) ? w.slice(0, -1) : w));
}

export interface RankQuery {
  sector: Industry;
  stage: Stage | null;
  businessModel: BusinessModel | null;
  text: string;
}

export interface Rankable {
  id: string;
  name: string;
  sector: string;
  stage: string;
  businessModel: string | null;
  description: string;
}

export interface Ranked<T> {
  company: T;
  similarity: number;
  parts: { sector: number; stage: number; model: number; text: number };
  why: string[];
}

export function sectorScore(a: string, b: string): number {
  if (a === b) return 1;
  return SECTOR_FAMILIES.some((f) => f.includes(a as Industry) && f.includes(b as Industry)) ? 0.5 : 0;
}

export function stageScore(a: string | null, b: string): number {
  const i = a ? STAGES.indexOf(a as Stage) : -1;
  const j = STAGES.indexOf(b as Stage);
  if (i < 0 || j < 0) return 0.5;
  return 1 - Math.abs(i - j) / (STAGES.length - 1);
}

export function modelScore(a: string | null, b: string | null): number {
  if (!a || !b) return 0.5;
  return a === b ? 1 : 0;
}

type Vector = Map<string, number>;

function termCounts(tokens: string[]): Map<string, number> {
  const counts = new Map<string, number>();
  for (const t of tokens) counts.set(t, (counts.get(t) ?? 0) + 1);
  return counts;
}

function weigh(counts: Map<string, number>, idf: Map<string, number>): Vector {
  const v: Vector = new Map();
  for (const [t, n] of counts) v.set(t, n * (idf.get(t) ?? 0));
  return v;
}

function norm(v: Vector): number {
  let sum = 0;
  for (const w of v.values()) sum += w * w;
  return Math.sqrt(sum);
}

/** Ranks companies by similarity to the query, best first; ties go to the more recent name order given. */
export function rankSimilar<T extends Rankable>(query: RankQuery, companies: readonly T[], limit: number): Ranked<T>[] {
  const docs = companies.map((c) => termCounts(tokenize(c.description || c.name)));
  const queryCounts = termCounts(tokenize(query.text));
  const n = docs.length + 1;
  const df = new Map<string, number>();
  for (const counts of [...docs, queryCounts]) for (const t of counts.keys()) df.set(t, (df.get(t) ?? 0) + 1);
  const idf = new Map<string, number>();
  for (const [t, d] of df) idf.set(t, Math.log((1 + n) / (1 + d)) + 1);

  const q = weigh(queryCounts, idf);
  const qNorm = norm(q);

  const ranked = companies.map((company, index): Ranked<T> => {
    const v = weigh(docs[index]!, idf);
    const vNorm = norm(v);
    let dot = 0;
    const shared: { term: string; weight: number }[] = [];
    for (const [t, w] of q) {
      const other = v.get(t);
      if (other) {
        dot += w * other;
        shared.push({ term: t, weight: w * other });
      }
    }
    const text = qNorm > 0 && vNorm > 0 ? dot / (qNorm * vNorm) : 0;
    const parts = {
      sector: sectorScore(query.sector, company.sector),
      stage: stageScore(query.stage, company.stage),
      model: modelScore(query.businessModel, company.businessModel),
      text,
    };
    const similarity =
      WEIGHTS.sector * parts.sector + WEIGHTS.stage * parts.stage + WEIGHTS.model * parts.model + WEIGHTS.text * parts.text;

    const why: string[] = [];
    if (parts.sector === 1) why.push(`Same sector (${company.sector})`);
    else if (parts.sector > 0) why.push(`Related sector (${company.sector})`);
    if (query.stage && company.stage === query.stage) why.push(`Same stage (${company.stage})`);
    else if (parts.stage >= 0.75 && query.stage) why.push(`Adjacent stage (${company.stage})`);
    if (parts.model === 1) why.push(`Also ${company.businessModel}`);
    if (shared.length > 0) {
      const terms = shared
        .sort((a, b) => b.weight - a.weight)
        .slice(0, 3)
        .map((s) => s.term);
      why.push(`Shared terms: ${terms.join(', ')}`);
    }
    return { company, similarity: Math.round(Math.min(1, Math.max(0, similarity)) * 1000) / 1000, parts, why };
  });

  return ranked
    .map((r, i) => ({ r, i }))
    .sort((a, b) => b.r.similarity - a.r.similarity || a.i - b.i)
    .slice(0, limit)
    .map(({ r }) => r);
}
