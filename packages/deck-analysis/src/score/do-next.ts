import {
  EQUAL_WEIGHTS,
  SUB_SCORE_KEYS,
  SUB_SCORE_LABELS,
  type FitScoreAnalysis,
  type FounderProfile,
  type SectionKind,
  type Stage,
  type SubScoreKey,
} from '@fitscore/contracts';
import type { DeckText, PageText } from '../model.ts';
import { formatAmount } from '../understand/numbers.ts';
import { understandDeck } from '../understand/understand-deck.ts';
import type { Metric, Understanding } from '../understand/understanding.ts';
import { BENCHMARKS, REGULATED_INDUSTRIES, stageBar } from './benchmarks.ts';
import { MIN_ROUND_USD } from './rules.ts';
import { scoreDimensions, type DimensionResult } from './score-dimensions.ts';
import { weightedOverall } from './weighted.ts';

/**
 * Top 3 Do-Next. For each dimension we build the slide a founder would add (using
 * their own numbers where the deck or profile has them, the stage's 'good' benchmark
 * where it has none), re-read the improved deck, re-score it, and measure the gain: the
 * exact change of the overall score under the same weights. The three largest gains are
 * recommended, in order; a slide the deck already has is never asked for again.
 */

interface Improvement {
  title: string;
  detail: string;
  slides: string[][];
  /** Insert near the front (problem/solution) instead of at the end. */
  early?: boolean;
  profile?: (p: FounderProfile) => FounderProfile;
}

const TYPICAL_ROUND: Record<Stage, number> = {
  'Pre-seed': 750_000,
  Seed: 3_000_000,
  'Series A': 12_000_000,
  'Series B': 30_000_000,
  'Series C+': 60_000_000,
};

const money = (m: Metric | undefined, fallback: number) => (m ? m.usd : fallback);

function improvement(key: SubScoreKey, u: Understanding): Improvement {
  const stage = u.stage.value;
  const m = u.metrics;
  switch (key) {
    case 'team': {
      const size = Math.max(m.teamSize?.value ?? 0, stageBar('teamSize', stage).good);
      return {
        title: 'Show who is building this',
        detail:
          "Add a team slide with each founder's role, previous companies, exits and degrees, and the team size; in your profile, list every co-founder with a LinkedIn URL and full-time commitment.",
        slides: [['Team', 'CEO & Co-founder: 10 years of industry experience, MSc', 'CTO & Co-founder: previously led engineering at a scale-up', `Team of ${size} people`]],
        profile: (p) => ({
          ...p,
          founders: p.founders.map((f) => ({ ...f, commitment: 'Full-time' as const, linkedin_url: f.linkedin_url || 'https://www.linkedin.com/in/founder' })),
        }),
      };
    }
    case 'market': {
      const tam = Math.max(money(m.tam, 0), BENCHMARKS.tam.good!);
      const sam = money(m.sam, tam / 10);
      const som = money(m.som, sam / 10);
      return {
        title: 'Size the market bottom-up, with sources',
        detail: `Add a market slide with TAM, SAM and SOM (e.g. TAM ${formatAmount(tam, 'USD')}, SAM ${formatAmount(sam, 'USD')}, SOM ${formatAmount(som, 'USD')}), each with its source and growth rate, plus a competition slide and why now.`,
        slides: [
          ['Market Opportunity', `TAM ${formatAmount(tam, 'USD')} (Source: industry report)`, `SAM ${formatAmount(sam, 'USD')}`, `SOM ${formatAmount(som, 'USD')}`, `Growing at ${m.marketCagr?.value ?? 12}% CAGR`, 'Why now: new regulation and falling costs create tailwinds'],
          ['Competition', 'Competitors and alternatives compared; unlike incumbents we are the only solution that integrates end to end'],
        ],
      };
    }
    case 'problemSolution':
      return {
        title: 'State the problem and your answer to it',
        detail: "Open with a problem slide that sizes the pain with a number and names who has it, then a solution slide that answers it and says why now and how it differs from today's alternatives.",
        early: true,
        slides: [
          ['Problem', 'Target customers: mid-sized businesses', 'They lose 20% of revenue to manual, fragmented processes'],
          ['Solution', 'Our solution: we built a platform that automates the process end to end', 'Why now: the timing is right as adoption accelerates', 'Unlike existing tools, it works out of the box'],
        ],
      };
    case 'traction': {
      const mrr = Math.max(money(m.mrr, 0), stageBar('mrr', stage).good);
      const growth = Math.max(m.momGrowth?.value ?? 0, stageBar('momGrowth', stage).good);
      const customers = Math.max(m.payingCustomers?.value ?? 0, stageBar('payingCustomers', stage).good);
      return {
        title: `Show traction against the ${stage} bar`,
        detail: `Add a traction slide with MRR, month-over-month growth and paying customers. The ${stage} benchmarks are about ${formatAmount(stageBar('mrr', stage).good, 'USD')} MRR, ${stageBar('momGrowth', stage).good}% MoM and ${stageBar('payingCustomers', stage).good} paying customers; if you are earlier, show pilots, LOIs and usage.`,
        slides: [['Traction', `MRR ${formatAmount(mrr, 'USD')}`, `${growth}% MoM growth`, `${customers} paying customers`]],
      };
    }
    case 'product':
      return {
        title: 'Show the product and what protects it',
        detail: 'Add a product slide with screenshots or a demo link, its status (live, beta, MVP), usage numbers, what makes it defensible (proprietary data, IP, network effects) and a 12-month roadmap.',
        slides: [['Product', 'Live in production: demo and screenshots', 'Proprietary data and patent-pending technology', 'Unlike existing tools, it is the only solution that automates the full workflow', 'Roadmap: next 12 months milestones', `${stageBar('activeUsers', stage).good} monthly active users`]],
      };
    case 'businessModel': {
      const cac = money(m.cac, 500);
      const ltv = Math.max(money(m.ltv, 0), cac * 3);
      const margin = Math.max(m.grossMargin?.value ?? 0, BENCHMARKS.grossMarginSoftware.good!);
      return {
        title: 'Explain how you make money',
        detail: `Add a business model slide with pricing (e.g. per seat per month), gross margin and unit economics: LTV, CAC and payback. Investors look for LTV:CAC of 3x or more and payback under 12 months.`,
        slides: [['Business Model', 'Subscription pricing: $99 per month per seat', `Gross margin ${margin}%`, `LTV ${formatAmount(ltv, 'USD')}`, `CAC ${formatAmount(cac, 'USD')}`]],
      };
    }
    case 'financials': {
      // A raise below a venture round (a project budget) is replaced by the stage's typical round.
      const raise = m.raise && m.raise.usd >= MIN_ROUND_USD ? m.raise.usd : TYPICAL_ROUND[stage];
      const burn = money(m.burn, Math.round(raise / 24));
      const runway = Math.max(m.runwayMonths?.value ?? 0, 18);
      return {
        title: 'Put the numbers on one slide',
        detail: `Add a financials slide with 3-year projections, monthly burn and runway (${BENCHMARKS.runwayMonths.great}+ months after the round is the norm), and an ask slide with the round size, valuation or cap and the use of funds.`,
        slides: [['Financials', 'Revenue projections 2026 2027 2028', `Monthly burn ${formatAmount(burn, 'USD')}`, `Runway ${runway} months`], ['The Ask', `Raising ${formatAmount(raise, 'USD')}`, 'Use of funds: 40% product, 40% sales, 20% operations']],
      };
    }
    case 'gtm':
      return {
        title: 'Say how you will reach customers',
        detail: 'Add a go-to-market slide naming your target segment, two or three channels (e.g. direct sales, partnerships, content/SEO) with what each costs (CAC), and the pipeline you already have (pilots, LOIs).',
        slides: [['Go-to-Market', 'Target customers: mid-sized businesses', 'Channels: direct sales, channel partners, content marketing and SEO', `CAC ${formatAmount(money(m.cac, 500), 'USD')}`, '5 pilots and LOIs signed']],
      };
    case 'risks': {
      const regulated = u.industry !== null && REGULATED_INDUSTRIES.has(u.industry);
      return {
        title: 'Name your risks before investors do',
        detail: `Add a risks & mitigations slide${regulated ? ` that covers ${u.industry} regulation and compliance` : ''}${u.contradictions.length > 0 ? `, and make your profile and deck agree (${u.contradictions.length} figure(s) differ)` : ''}.`,
        slides: [['Risks & Mitigations', 'Key risks and how we mitigate them', ...(regulated ? ['Regulation: compliance plan and licences in place'] : []), 'Competition: how we stay ahead']],
        profile: (p) => alignProfile(p, u),
      };
    }
  }
}

/** The profile with contradicted fields set to the deck's figures. */
function alignProfile(p: FounderProfile, u: Understanding): FounderProfile {
  const field: Partial<Record<string, keyof FounderProfile>> = {
    mrr: 'mrr',
    arr: 'arr',
    payingCustomers: 'paying_customers',
    teamSize: 'team_size',
    raise: 'round_target_amount',
    valuation: 'valuation',
    burn: 'burn',
    tam: 'tam',
    grossMargin: 'gross_margin',
    churn: 'logo_churn',
    momGrowth: 'mom_growth',
  };
  const out = { ...p } as Record<string, unknown>;
  for (const c of u.contradictions) {
    const f = field[c.metric];
    if (f) out[f] = c.deckValue;
  }
  if (u.contradictions.some((c) => c.metric === 'mrr')) out.arr = null;
  if (u.contradictions.some((c) => c.metric === 'arr')) out.mrr = null;
  return out as FounderProfile;
}

function withSlides(deck: DeckText, slides: string[][], early: boolean): DeckText {
  const made: PageText[] = slides.map((lines) => ({ number: 0, title: lines[0] ?? null, text: lines.join('\n'), notes: '', source: 'text' }));
  const pages = early ? [...deck.pages.slice(0, 1), ...made, ...deck.pages.slice(1)] : [...deck.pages, ...made];
  return { ...deck, pages: pages.map((p, i) => ({ ...p, number: i + 1 })) };
}

function subScores(results: Record<SubScoreKey, DimensionResult>): Record<SubScoreKey, number> {
  return Object.fromEntries(SUB_SCORE_KEYS.map((k) => [k, results[k].score])) as Record<SubScoreKey, number>;
}

/** The sections each dimension's advice adds, and what a founder calls them. */
const SECTIONS_OF: Record<SubScoreKey, SectionKind[]> = {
  team: ['team'],
  market: ['market', 'competition'],
  problemSolution: ['problem', 'solution'],
  traction: ['traction'],
  product: ['product'],
  businessModel: ['businessModel'],
  financials: ['financials', 'ask'],
  gtm: ['gtm'],
  risks: ['risks'],
};
const SECTION_NAME: Record<SectionKind, string> = {
  problem: 'problem',
  solution: 'solution',
  product: 'product',
  market: 'market',
  businessModel: 'business model',
  traction: 'traction',
  gtm: 'go-to-market',
  competition: 'competition',
  team: 'team',
  financials: 'financials',
  ask: 'ask',
  risks: 'risks',
};

/** 'a problem slide', 'an ask slide': the article the section's name takes. */
export const slideToAdd = (kind: SectionKind) => `${/^[aeio]/i.test(SECTION_NAME[kind]) ? 'an' : 'a'} ${SECTION_NAME[kind]} slide`;

/**
 * Advice that fits the deck: a slide the deck has is never asked for again; when it is
 * there but weak, the advice says what it lacks (the rubric items that did not fire).
 */
function advice(key: SubScoreKey, imp: Improvement, u: Understanding, result: DimensionResult): { title: string; detail: string } {
  const kinds = SECTIONS_OF[key];
  const present = u.sections.filter((s) => kinds.includes(s.kind));
  if (present.length === 0) return { title: imp.title, detail: imp.detail };
  const absent = kinds.filter((k) => !present.some((s) => s.kind === k));
  const lacks = result.missing.filter((m) => !/ slide$/.test(m));
  const where = present.map((s) => `${SECTION_NAME[s.kind]} slide (page ${s.pages.join(', ')})`).join(' and ');
  const title = absent.length === 0 ? `Strengthen your ${present.map((s) => SECTION_NAME[s.kind]).join(' and ')} slide${present.length > 1 ? 's' : ''}` : imp.title;
  const parts = [`Your ${where} ${lacks.length > 0 ? `lacks ${lacks.slice(0, 4).join(', ')}: add ${lacks.length > 1 ? 'them' : 'it'} there` : 'is there; make its figures specific and sourced'}`];
  if (absent.length > 0) parts.push(`add ${absent.map(slideToAdd).join(' and ')}`);
  return { title, detail: `${parts.join('; ')}.` };
}

export function doNext(u: Understanding, results: Record<SubScoreKey, DimensionResult>): FitScoreAnalysis['doNext'] {
  const before = subScores(results);
  const base = weightedOverall(before, EQUAL_WEIGHTS);
  const deck: DeckText = { format: u.format, pages: u.pages };
  const options = SUB_SCORE_KEYS.map((key) => {
    const imp = improvement(key, u);
    const profile = u.profile && imp.profile ? imp.profile(u.profile) : u.profile;
    const improved = understandDeck(withSlides(deck, imp.slides, imp.early ?? false), profile, u.extras);
    const after = subScores(scoreDimensions(improved));
    // The gain is the change of the overall score, under the same weights, when the change is made.
    return {
      key,
      imp,
      score: results[key].score,
      after,
      subScoreGain: Math.max(0, after[key] - before[key]),
      gain: Math.max(0, weightedOverall(after, EQUAL_WEIGHTS) - base),
    };
  });
  const useful = options.filter((o) => o.subScoreGain > 0 && o.gain > 0).sort((a, b) => b.gain - a.gain || a.score - b.score || b.subScoreGain - a.subScoreGain);
  const picked = [...useful];
  // Always three: when little can be added, the weakest dimensions still get advice.
  for (const o of [...options].sort((a, b) => a.score - b.score)) if (!picked.includes(o)) picked.push(o);
  return picked.slice(0, 3).map((o) => {
    const { title, detail } = advice(o.key, o.imp, u, results[o.key]);
    const moved = SUB_SCORE_KEYS.filter((k) => o.after[k] > before[k]).map((k) => `${SUB_SCORE_LABELS[k]} ${before[k]}/10 → ${o.after[k]}/10`);
    const effect = o.gain > 0 ? ` ${moved.join(', ')} (+${o.gain} FitScore ${o.gain === 1 ? 'point' : 'points'}).` : ` ${SUB_SCORE_LABELS[o.key]} ${o.score}/10 is already near its ceiling.`;
    return { dimension: o.key, title, detail: `${detail}${effect}`, gain: o.gain, subScoreGain: o.gain > 0 ? o.subScoreGain : 0 };
  });
}
