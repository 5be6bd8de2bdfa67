import { readFileSync } from 'node:fs';
import { SECTION_KINDS, type SectionKind } from '@fitscore/contracts';
import { contentWords } from '../sections.ts';
import { DEFAULT_TRAIN, trainOneVsRest, type Example, type TrainOptions } from './logistic.ts';
import { isWordFeature, pageFeatures, splitHeading, type DeckContext } from './page-features.ts';

/**
 * The learned page classifier for sections (ADR 0037): one logistic regression per section
 * over the page's features (page-features.ts). A page is every section whose probability
 * reaches the threshold, at most two, strongest first; a page full of content that reaches
 * none takes its likeliest section when that reaches the fallback, so a slide in a language
 * without keywords is read from its layout and numbers rather than dropped.
 * `npm run train:sections` fits it on the hand labels and writes section-weights.json.
 */
export interface SectionModel {
  classes: readonly SectionKind[];
  /** weights[feature name][class index]. */
  weights: ReadonlyMap<string, readonly number[]>;
  threshold: number;
  fallback: number;
  /** sha256 of the labels it was trained on (in the committed file; empty for models fitted in memory). */
  labels: string;
}

/** A labelled deck for training: its context and each page's labelled sections. */
export interface TrainingDeck {
  company: string;
  ctx: DeckContext;
  labels: ReadonlyArray<readonly SectionKind[]>;
}

export interface FitOptions extends TrainOptions {
  /** A word feature is kept only when at least this many companies' decks have it. */
  minCompanies: number;
  /** Feature prefixes left out of the model. */
  exclude: readonly string[];
  threshold: number;
  fallback: number;
}

export const DEFAULT_FIT: FitOptions = { ...DEFAULT_TRAIN, minCompanies: 2, exclude: ['w:'], threshold: 0.3, fallback: 0.15 };

/** A page 'full of content': this many words and figures or more. */
const FULL_PAGE_WORDS = 12;
/** On a page the rules name, the model adds a second section at this probability or more. */
const SECOND_SECTION = 0.5;
/** Fewer words than this under the heading is no section of the model's. */
const MIN_BODY_WORDS = 5;

export function fitSectionModel(decks: readonly TrainingDeck[], opts: FitOptions = DEFAULT_FIT, labels = ''): SectionModel {
  const classes = SECTION_KINDS;
  // Trained on every labelled page (the rules' reading is one of its features); trained only on the
  // pages the rules leave empty it generalised worse (docs/scoring.md).
  const pages = decks.flatMap((d) => d.ctx.pages.map((_, i) => ({ deck: d, features: pageFeatures(d.ctx, i), labels: d.labels[i] ?? [] })));
  // Words kept: those the decks of minCompanies companies or more have (never one deck's vocabulary).
  const companiesOf = new Map<string, Set<string>>();
  for (const p of pages) for (const name of p.features.keys()) if (isWordFeature(name)) companiesOf.set(name, (companiesOf.get(name) ?? new Set()).add(p.deck.company));
  const keep = (name: string) => !opts.exclude.some((p) => name.startsWith(p)) && (!isWordFeature(name) || (companiesOf.get(name)?.size ?? 0) >= opts.minCompanies);
  const names = [...new Set(pages.flatMap((p) => [...p.features.keys()].filter(keep)))].sort();
  const index = new Map(names.map((n, i) => [n, i]));
  const examples: Example[] = pages.map((p) => ({
    x: [...p.features].filter(([n]) => index.has(n)).map(([n, v]) => [index.get(n)!, v] as [number, number]).sort((a, b) => a[0] - b[0]),
    y: classes.map((k) => (p.labels.includes(k) ? 1 : 0)),
  }));
  const w = trainOneVsRest(examples, names.length, classes.length, opts);
  const weights = new Map(names.map((n, i) => [n, classes.map((_, c) => round6(w[c]![i]!))]));
  return { classes, weights, threshold: opts.threshold, fallback: opts.fallback, labels };
}

const round6 = (x: number) => Math.round(x * 1e6) / 1e6 + 0;

/** Each page's section probabilities, in class order. */
export function pageProbabilities(model: SectionModel, ctx: DeckContext, features = ctx.pages.map((_, i) => pageFeatures(ctx, i))): number[][] {
  return features.map((pageFeats) => {
    const z = model.classes.map(() => 0);
    for (const [name, v] of pageFeats) {
      const w = model.weights.get(name);
      if (w) for (let c = 0; c < z.length; c++) z[c]! += w[c]! * v;
    }
    return z.map((s) => 1 / (1 + Math.exp(-s)));
  });
}

/**
 * Each page's sections: the rules' reading where they name a section (their phrases are checked
 * to occur in several companies' decks), with a second section the model finds more likely than
 * not where they name one; the learned model's on every page the rules leave without one, which
 * is where the rules fail on decks they were not written from.
 */
export function classifyWithModel(model: SectionModel, ctx: DeckContext): SectionKind[][] {
  // Each page's features once: its probabilities and whether it has evidence both read them.
  const features = ctx.pages.map((_, i) => pageFeatures(ctx, i));
  const hasEvidence = (i: number) => [...features[i]!.keys()].some((name) => EVIDENCE.test(name) && model.weights.has(name));
  const ranked = pageProbabilities(model, ctx, features).map((p) => p.map((prob, c) => ({ kind: model.classes[c]!, prob })).sort((a, b) => b.prob - a.prob));
  const kinds = ranked.map((r, i): SectionKind[] => {
    const rules = ctx.ruleKinds[i] ?? [];
    // The rules' reading stands; the model may add a second section it finds more likely than not.
    if (rules.length > 0) return open(ctx, i) && rules.length < 2 ? [...rules, ...r.filter((x) => x.prob >= SECOND_SECTION && !rules.includes(x.kind)).slice(0, 1).map((x) => x.kind)] : [...rules];
    // A heading over (almost) nothing, an agenda, a form and a page of goals or projections is no
    // section: a slide cannot buy a section with a name or a promise.
    if (!open(ctx, i) || !hasEvidence(i)) return [];
    return r.filter((x) => x.prob >= model.threshold).slice(0, 2).map((x) => x.kind);
  });
  // A page full of content that reaches no section takes its likeliest one (given evidence
  // beyond its place and length, so a manual's pages of prose stay none).
  return kinds.map((k, i) => {
    const top = ranked[i]![0]!;
    const full = (ctx.pages[i]!.text.match(/[\p{L}\p{N}][\p{L}\p{N}'’.,-]*/gu) ?? []).length >= FULL_PAGE_WORDS;
    return k.length === 0 && open(ctx, i) && hasEvidence(i) && full && top.prob >= model.fallback ? [top.kind] : k;
  });
}

/**
 * Where a page sits and how long it is never make it a section alone: the model needs a heading
 * word it knows, numbers of a telling kind (money, percentages, years, multiples, people), a
 * figure, or a neighbour the rules read as a section.
 */
const EVIDENCE = /^(h:|f:|pr:|nr:|n:(money|percent|year|multiple|scaled|people))/;

// Content words: buzzwords and glue ('patent-pending proprietary AI with a strong moat') do not count.
// A page the rules find to be no section (a contact page's 'CEO and Founder' is no team) stays none.
const open = (ctx: DeckContext, i: number) => contentWords(splitHeading(ctx.pages[i]!).body) >= MIN_BODY_WORDS && !ctx.goalsOnly[i] && !ctx.agenda[i] && !ctx.noSection[i];

/** The model as committed: one feature per line, weights to six decimals, so a retrain diffs cleanly and repeats byte for byte. */
export function serializeModel(model: SectionModel): string {
  const lines = [...model.weights].sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0)).map(([n, w]) => `    ${JSON.stringify(n)}: [${w.map(fmt).join(', ')}]`);
  return `{
  "model": "one-vs-rest logistic regression (ADR 0037)",
  "labels": ${JSON.stringify(model.labels)},
  "classes": ${JSON.stringify(model.classes)},
  "threshold": ${fmt(model.threshold)},
  "fallback": ${fmt(model.fallback)},
  "weights": {
${lines.join(',\n')}
  }
}
`;
}

const fmt = (x: number) => String(round6(x));

export function parseModel(json: string): SectionModel {
  const raw = JSON.parse(json) as { labels: string; classes: SectionKind[]; threshold: number; fallback: number; weights: Record<string, number[]> };
  return { classes: raw.classes, weights: new Map(Object.entries(raw.weights)), threshold: raw.threshold, fallback: raw.fallback, labels: raw.labels };
}

export const WEIGHTS_FILE = new URL('./section-weights.json', import.meta.url);

let committed: SectionModel | null = null;

/** The committed model (section-weights.json), read once. */
export function committedSectionModel(): SectionModel {
  committed ??= parseModel(readFileSync(WEIGHTS_FILE, 'utf8'));
  return committed;
}
