import { EQUAL_WEIGHTS, SUB_SCORE_KEYS, SUB_SCORE_LABELS, type FitScoreAnalysis, type FounderProfile, type Stage, type SubScoreKey } from '@fitscore/contracts';
import type { DeckText, PageText } from '../model.ts';
import { formatAmount } from '../understand/numbers.ts';
import { understandDeck } from '../understand/understand-deck.ts';
import type { Metric, Understanding } from '../understand/understanding.ts';
import { BENCHMARKS, REGULATED_INDUSTRIES, stageBar } from './benchmarks.ts';
import { scoreDimensions, type DimensionResult } from './score-dimensions.ts';
import { weightedOverall } from './weighted.ts';

/**
 * Top 3 Do-Next. For each dimension we build the slide a founder would add (using
 * their own numbers where the deck or profile has them, the stage's 'good' benchmark
 * where it has none), re-read the improved deck, re-score it, and measure the gain.
 * The three weakest dimensions that such a change would lift are recommended.
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
      const raise = money(m.raise, TYPICAL_ROUND[stage]);
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

export function doNext(u: Understanding, results: Record<SubScoreKey, DimensionResult>): FitScoreAnalysis['doNext'] {
  const base = weightedOverall(subScores(results), EQUAL_WEIGHTS);
  const deck: DeckText = { format: u.format, pages: u.pages };
  const options = SUB_SCORE_KEYS.map((key) => {
    const imp = improvement(key, u);
    const profile = u.profile && imp.profile ? imp.profile(u.profile) : u.profile;
    const improved = understandDeck(withSlides(deck, imp.slides, imp.early ?? false), profile, u.extras);
    const after = scoreDimensions(improved);
    return {
      key,
      imp,
      score: results[key].score,
      subScoreGain: Math.max(0, after[key].score - results[key].score),
      gain: Math.max(0, weightedOverall(subScores(after), EQUAL_WEIGHTS) - base),
    };
  });
  const useful = options.filter((o) => o.subScoreGain > 0);
  const weak = useful.filter((o) => o.score <= 6).sort((a, b) => b.gain - a.gain || a.score - b.score || b.subScoreGain - a.subScoreGain);
  const rest = useful.filter((o) => o.score > 6).sort((a, b) => b.gain - a.gain || a.score - b.score);
  const picked = [...weak, ...rest];
  // Always three: when little can be added, the weakest dimensions still get advice.
  for (const o of [...options].sort((a, b) => a.score - b.score)) if (!picked.includes(o)) picked.push(o);
  return picked.slice(0, 3).map((o) => ({
    dimension: o.key,
    title: o.imp.title,
    detail: `${o.imp.detail} ${SUB_SCORE_LABELS[o.key]} ${o.score}/10${o.subScoreGain > 0 ? ` could rise to ${o.score + o.subScoreGain}/10 (+${o.gain} FitScore points)` : ' is already near its ceiling'}.`,
    gain: o.gain,
    subScoreGain: o.subScoreGain,
  }));
}
