import type { Evidence, SectionKind, SubScoreKey } from '@fitscore/contracts';
import { countWords } from '../text/text-quality.ts';
import { formatAmount } from '../understand/numbers.ts';
import { BENCHMARKS, marginBenchmark, REGULATED_INDUSTRIES, stageBar, type BenchmarkId } from './benchmarks.ts';
import {
  hasSection,
  hasTopic,
  metricEvidence,
  profileEvidence,
  sectionEvidence,
  show,
  topicEvidence,
  type RuleContext,
} from './context.ts';

/**
 * The rubric: per dimension a base score and rules that add (or take) points. A
 * sub-score is base + the points of the rules that fire, clamped to 1-10 and rounded.
 * Every rule is monotone in its facts: a better number can only fire more positive
 * rules and fewer negative ones, so better facts never lower a score.
 */

export interface Fired {
  detail: string;
  evidence: Evidence[];
  /** Only for rules whose points scale (contradictions). */
  points?: number;
}

export interface RuleDef {
  id: string;
  description: string;
  points: number;
  benchmark: BenchmarkId | null;
  /** What to add when the rule does not fire (feeds summaries and Do-Next). */
  missing?: string;
  check: (c: RuleContext) => Fired | null;
}

export interface DimensionDef {
  key: SubScoreKey;
  measures: string;
  base: number;
  rules: RuleDef[];
}

const fired = (detail: string, evidence: Evidence[] = []): Fired => ({ detail, evidence });

/** The smallest raise that is a venture round (angel and pre-seed cheques start about here); less is a project budget. */
export const MIN_ROUND_USD = 50_000;

/** The first line on a slide of the given section that passes the test, as evidence. */
function sectionLine(c: RuleContext, kind: SectionKind, test: (line: string) => boolean): Evidence | null {
  const pages = new Set(c.u.sections.find((s) => s.kind === kind)?.pages ?? []);
  for (const p of c.u.pages) {
    if (!pages.has(p.number)) continue;
    const line = p.text.split('\n').find((l) => test(l));
    if (line) return { source: 'deck', page: p.number, quote: line.trim().slice(0, 160), factId: null };
  }
  return null;
}

// A role that says who leads what; 'mentor' or 'member' does not.
const LEAD_ROLE = /\b(CEO|CTO|COO|CFO|CPO|CMO|CRO|CSO|chief \w+ officer|co-?\s?founder|founder|head of|VP|vice president|director|managing partner|general manager|lead engineer|tech lead)\b/i;

function teamRoleLine(c: RuleContext): { page: number; quote: string } | null {
  const line = sectionLine(c, 'team', (l) => LEAD_ROLE.test(l));
  return line ? { page: line.page!, quote: line.quote } : null;
}
const pct = (n: number) => `${Math.round(n * 10) / 10}%`;

function customersOrUsers(c: RuleContext) {
  const m = c.u.metrics;
  const b2c = c.u.businessModel === 'B2C' || c.u.industry === 'Consumer' || c.u.industry === 'Gaming' || c.u.industry === 'Media';
  const paying = m.payingCustomers ?? m.customers;
  return { b2c, paying, users: m.activeUsers ?? m.users };
}

export const DIMENSIONS: DimensionDef[] = [
  {
    key: 'team',
    measures: 'Whether the founders can build this: completeness, commitment and relevant track record.',
    base: 2,
    rules: [
      {
        id: 'team.slide',
        description: 'The deck has a team slide',
        points: 1,
        benchmark: null,
        missing: 'team slide',
        check: (c) => (hasSection(c.u, 'team') ? fired('Team slide present', sectionEvidence(c.u, 'team')) : null),
      },
      {
        id: 'team.roles',
        description: 'The team slide says who does what (founder, CEO, CTO, head of...)',
        points: 1,
        benchmark: null,
        missing: "each founder's role",
        check: (c) => {
          const role = teamRoleLine(c);
          return role ? fired(`Roles named ('${role.quote.slice(0, 60)}')`, [{ source: 'deck', page: role.page, quote: role.quote, factId: null }]) : null;
        },
      },
      {
        id: 'team.cofounders',
        description: 'Two or more founders',
        points: 1,
        benchmark: null,
        missing: 'co-founders',
        check: (c) =>
          c.u.founders.count >= 2
            ? fired(`${c.u.founders.count} founders`, c.u.founders.source === 'profile' ? profileEvidence('founders', String(c.u.founders.count)) : sectionEvidence(c.u, 'team'))
            : null,
      },
      {
        id: 'team.fulltime',
        description: 'All founders full-time',
        points: 1,
        benchmark: null,
        missing: 'founder commitment (full-time)',
        check: (c) =>
          c.u.founders.source === 'profile' && c.u.founders.count > 0 && c.u.founders.partTime === 0
            ? fired('All founders full-time', profileEvidence('founders', `${c.u.founders.fullTime} full-time`))
            : null,
      },
      {
        id: 'team.linkedin',
        description: 'Every founder links a LinkedIn profile',
        points: 0.5,
        benchmark: null,
        missing: 'LinkedIn profiles for every founder',
        check: (c) =>
          c.u.founders.source === 'profile' && c.u.founders.count > 0 && c.u.founders.withLinkedIn === c.u.founders.count
            ? fired('LinkedIn for every founder', profileEvidence('founders', 'linkedin_url'))
            : null,
      },
      {
        id: 'team.exit',
        description: 'A founder has a prior exit or has founded before',
        points: 2,
        benchmark: null,
        check: (c) => {
          const f = c.u.facts.find((x) => x.kind === 'priorExit');
          return f ? fired(`Prior founder experience ('${f.label}')`, [{ source: f.source === 'llm' ? 'llm' : 'deck', page: f.page, quote: f.quote, factId: f.id }]) : null;
        },
      },
      {
        id: 'team.notable',
        description: 'Founders or team come from notable companies',
        points: 1,
        benchmark: null,
        missing: "founders' previous companies and roles",
        check: (c) => {
          const fs = c.u.facts.filter((x) => x.kind === 'notableCompany');
          return fs.length > 0
            ? fired(`Experience at ${fs.slice(0, 3).map((f) => f.label).join(', ')}`, fs.slice(0, 3).map((f) => ({ source: 'deck' as const, page: f.page, quote: f.quote, factId: f.id })))
            : null;
        },
      },
      {
        id: 'team.education',
        description: 'Relevant degrees or top schools named',
        points: 0.5,
        benchmark: null,
        check: (c) => {
          const f = c.u.facts.find((x) => x.kind === 'degree');
          return f ? fired(`Education: ${f.label}`, [{ source: 'deck', page: f.page, quote: f.quote, factId: f.id }]) : null;
        },
      },
      {
        id: 'team.size',
        description: "Team size at or above the stage's benchmark",
        points: 1,
        benchmark: 'teamSize',
        missing: 'team size',
        check: (c) => {
          const m = c.u.metrics.teamSize;
          const bar = stageBar('teamSize', c.u.stage.value).good;
          return m && m.value >= bar ? fired(`Team of ${show(m)} (${c.u.stage.value} benchmark ${bar}+)`, metricEvidence(m)) : null;
        },
      },
      {
        id: 'team.solo',
        description: 'Single founder (investors weigh solo-founder risk)',
        points: -1,
        benchmark: null,
        check: (c) => (c.u.founders.source === 'profile' && c.u.founders.count === 1 ? fired('Single founder', profileEvidence('founders', '1')) : null),
      },
      {
        id: 'team.parttime',
        description: 'A founder is part-time',
        points: -1,
        benchmark: null,
        check: (c) => (c.u.founders.partTime > 0 ? fired(`${c.u.founders.partTime} part-time founder(s)`, profileEvidence('founders', 'Part-time')) : null),
      },
    ],
  },
  {
    key: 'market',
    measures: 'How big and well-evidenced the opportunity is: sized market, sourced figures, competition understood.',
    base: 1,
    rules: [
      {
        id: 'market.slide',
        description: 'The deck has a market slide that sizes or evidences the market (a figure on it)',
        points: 1.5,
        benchmark: null,
        missing: 'market slide with figures',
        check: (c) => {
          // A market slide that only names a segment ('small/indie authors') says nothing about size.
          const line = sectionLine(c, 'market', (l) => /\d/.test(l));
          return line ? fired('Market slide with figures', [line]) : null;
        },
      },
      {
        id: 'market.tam',
        description: 'TAM stated',
        points: 1.5,
        benchmark: null,
        missing: 'TAM figure',
        check: (c) => (c.u.metrics.tam ? fired(`TAM ${show(c.u.metrics.tam)}`, metricEvidence(c.u.metrics.tam)) : null),
      },
      {
        id: 'market.tam_good',
        description: 'TAM of $1B or more',
        points: 1,
        benchmark: 'tam',
        check: (c) => ((c.u.metrics.tam?.usd ?? 0) >= BENCHMARKS.tam.good! ? fired(`TAM ${show(c.u.metrics.tam)} ≥ $1B`, metricEvidence(c.u.metrics.tam)) : null),
      },
      {
        id: 'market.tam_great',
        description: 'TAM of $10B or more',
        points: 0.5,
        benchmark: 'tam',
        check: (c) => ((c.u.metrics.tam?.usd ?? 0) >= BENCHMARKS.tam.great! ? fired(`TAM ${show(c.u.metrics.tam)} ≥ $10B`, metricEvidence(c.u.metrics.tam)) : null),
      },
      {
        id: 'market.tiers',
        description: 'TAM, SAM and SOM all stated',
        points: 1.5,
        benchmark: null,
        missing: 'SAM and SOM (bottom-up market sizing)',
        check: (c) => {
          const { tam, sam, som } = c.u.metrics;
          return tam && sam && som ? fired(`TAM ${show(tam)}, SAM ${show(sam)}, SOM ${show(som)}`, [...metricEvidence(sam), ...metricEvidence(som)]) : null;
        },
      },
      {
        id: 'market.tiers_inconsistent',
        description: 'Market tiers out of order (SOM above SAM or SAM above TAM)',
        points: -1,
        benchmark: null,
        check: (c) => {
          const { tam, sam, som } = c.u.metrics;
          const bad = (sam && tam && sam.usd > tam.usd) || (som && sam && som.usd > sam.usd) || (som && tam && som.usd > tam.usd);
          return bad ? fired('SOM/SAM/TAM out of order', [...metricEvidence(tam), ...metricEvidence(sam), ...metricEvidence(som)]) : null;
        },
      },
      {
        id: 'market.source',
        description: 'Market figures cite a source',
        points: 1,
        benchmark: null,
        missing: 'source for the market figures',
        check: (c) => {
          if (c.u.profile?.market_source_url) return fired('Market source linked', profileEvidence('market_source_url', c.u.profile.market_source_url));
          const marketPages = new Set(c.u.sections.find((s) => s.kind === 'market')?.pages ?? []);
          const src = /\bsource[sd]?\b|according to|\breport\b|Gartner|Statista|McKinsey|IBISWorld|Grand View|Mordor|Allied Market|Fortune Business|CB Insights|World Bank|\bOECD\b|\bIDC\b|Forrester|Frost|Deloitte|\bPwC\b|\bKPMG\b|Euromonitor|Nielsen|Precedence|MarketsandMarkets|Research and Markets/i;
          for (const p of c.u.pages) {
            if (!marketPages.has(p.number)) continue;
            const line = p.text.split('\n').find((l) => src.test(l));
            if (line) return fired('Market figures sourced', [{ source: 'deck', page: p.number, quote: line.slice(0, 160), factId: null }]);
          }
          return null;
        },
      },
      {
        id: 'market.growth',
        description: 'Market growth (CAGR) stated',
        points: 0.5,
        benchmark: null,
        check: (c) => (c.u.metrics.marketCagr ? fired(`Market CAGR ${show(c.u.metrics.marketCagr)}`, metricEvidence(c.u.metrics.marketCagr)) : null),
      },
      {
        id: 'market.competition',
        description: 'Competition slide or named competitors',
        points: 1,
        benchmark: null,
        missing: 'competition slide',
        check: (c) => {
          if (hasSection(c.u, 'competition')) return fired('Competition slide present', sectionEvidence(c.u, 'competition'));
          const listed = c.u.profile?.competitors_list.length ?? 0;
          return listed > 0 ? fired(`${listed} competitors named`, profileEvidence('competitors_list', String(listed))) : null;
        },
      },
      {
        id: 'market.why_now',
        description: "Explains 'why now'",
        points: 0.5,
        benchmark: null,
        check: (c) => (hasTopic(c.u, 'whyNow') ? fired("'Why now' explained", topicEvidence(c.u, 'whyNow')) : null),
      },
    ],
  },
  {
    key: 'problemSolution',
    measures: 'Whether a real, specific problem is stated and the solution answers it.',
    base: 1,
    rules: [
      {
        id: 'ps.problem',
        description: 'The deck states the problem',
        points: 2.5,
        benchmark: null,
        missing: 'problem slide',
        check: (c) => (hasSection(c.u, 'problem') ? fired('Problem stated', sectionEvidence(c.u, 'problem')) : null),
      },
      {
        id: 'ps.solution',
        description: 'The deck states the solution',
        points: 2.5,
        benchmark: null,
        missing: 'solution slide',
        check: (c) => (hasSection(c.u, 'solution') ? fired('Solution stated', sectionEvidence(c.u, 'solution')) : null),
      },
      {
        id: 'ps.order',
        description: 'Problem comes before solution',
        points: 0.5,
        benchmark: null,
        check: (c) => {
          const p = c.u.sections.find((s) => s.kind === 'problem')?.pages[0];
          const s = c.u.sections.find((x) => x.kind === 'solution')?.pages[0];
          return p !== undefined && s !== undefined && p <= s ? fired(`Problem (page ${p}) before solution (page ${s})`) : null;
        },
      },
      {
        id: 'ps.quantified',
        description: 'The problem is quantified (a figure on the problem slide)',
        points: 1,
        benchmark: null,
        missing: 'figure that sizes the pain',
        check: (c) => {
          const pages = new Set(c.u.sections.find((s) => s.kind === 'problem')?.pages ?? []);
          for (const p of c.u.pages) {
            if (!pages.has(p.number)) continue;
            const line = p.text.split('\n').find((l) => /\d/.test(l) && /(%|percent|\$|€|£|₹|billion|million|hours?|days?|weeks?|\d{2,})/i.test(l));
            if (line) return fired('Problem quantified', [{ source: 'deck', page: p.number, quote: line.slice(0, 160), factId: null }]);
          }
          return null;
        },
      },
      {
        id: 'ps.icp',
        description: 'Target customer named',
        points: 1,
        benchmark: null,
        missing: 'target customer definition',
        check: (c) => {
          const icp = c.u.profile?.icp ?? '';
          if (icp !== '') return fired('Target customer defined', profileEvidence('icp', icp));
          if ((c.u.profile?.icp_tags.length ?? 0) > 0) return fired('Target customer tags', profileEvidence('icp_tags', c.u.profile!.icp_tags.join(', ')));
          return hasTopic(c.u, 'icp') ? fired('Target customer named', topicEvidence(c.u, 'icp')) : null;
        },
      },
      {
        id: 'ps.why_now',
        description: "Explains 'why now'",
        points: 1,
        benchmark: null,
        missing: "'why now'",
        check: (c) => (hasTopic(c.u, 'whyNow') ? fired("'Why now' explained", topicEvidence(c.u, 'whyNow')) : null),
      },
      {
        id: 'ps.differentiation',
        description: 'Says how the solution differs from alternatives',
        points: 1,
        benchmark: null,
        missing: 'differentiation from alternatives',
        check: (c) =>
          hasTopic(c.u, 'differentiation')
            ? fired('Differentiation stated', topicEvidence(c.u, 'differentiation'))
            : hasSection(c.u, 'competition')
              ? fired('Compared with alternatives', sectionEvidence(c.u, 'competition'))
              : null,
      },
    ],
  },
  {
    key: 'traction',
    measures: "Evidence of demand against the stage's benchmarks: revenue, growth, customers, retention.",
    base: 1,
    rules: [
      {
        id: 'traction.slide',
        description: 'The deck has a traction slide',
        points: 1,
        benchmark: null,
        missing: 'traction slide',
        check: (c) => (hasSection(c.u, 'traction') ? fired('Traction slide present', sectionEvidence(c.u, 'traction')) : null),
      },
      {
        id: 'traction.revenue',
        description: 'Revenue stated and above zero',
        points: 1,
        benchmark: null,
        missing: 'revenue (MRR or ARR)',
        check: (c) => {
          const m = c.u.metrics.mrr ?? c.u.metrics.arr;
          if (m && m.value > 0) return fired(`Revenue ${show(m)}`, metricEvidence(m));
          const rev = c.u.facts.find((f) => f.kind === 'revenue' && f.value > 0);
          return rev ? fired(`Revenue ${formatAmount(rev.value, rev.currency)}`, [{ source: rev.source === 'llm' ? 'llm' : 'deck', page: rev.page, quote: rev.quote, factId: rev.id }]) : null;
        },
      },
      {
        id: 'traction.revenue_good',
        description: "MRR at or above the stage's 'good' benchmark",
        points: 1.5,
        benchmark: 'mrr',
        check: (c) => {
          const m = c.u.metrics.mrr;
          const bar = stageBar('mrr', c.u.stage.value).good;
          return m && m.usd >= bar ? fired(`MRR ${show(m)} ≥ ${c.u.stage.value} bar ${formatAmount(bar, 'USD')}`, metricEvidence(m)) : null;
        },
      },
      {
        id: 'traction.revenue_great',
        description: "MRR at or above the stage's 'great' benchmark",
        points: 1,
        benchmark: 'mrr',
        check: (c) => {
          const m = c.u.metrics.mrr;
          const bar = stageBar('mrr', c.u.stage.value).great;
          return m && m.usd >= bar ? fired(`MRR ${show(m)} ≥ ${c.u.stage.value} top bar ${formatAmount(bar, 'USD')}`, metricEvidence(m)) : null;
        },
      },
      {
        id: 'traction.growth_good',
        description: "MoM growth at or above the stage's 'good' benchmark",
        points: 1,
        benchmark: 'momGrowth',
        missing: 'month-over-month growth',
        check: (c) => {
          const m = c.u.metrics.momGrowth;
          const bar = stageBar('momGrowth', c.u.stage.value).good;
          return m && m.value >= bar ? fired(`${show(m)} MoM ≥ ${c.u.stage.value} bar ${bar}%`, metricEvidence(m)) : null;
        },
      },
      {
        id: 'traction.growth_great',
        description: "MoM growth at or above the stage's 'great' benchmark",
        points: 1,
        benchmark: 'momGrowth',
        check: (c) => {
          const m = c.u.metrics.momGrowth;
          const bar = stageBar('momGrowth', c.u.stage.value).great;
          return m && m.value >= bar ? fired(`${show(m)} MoM ≥ ${c.u.stage.value} top bar ${bar}%`, metricEvidence(m)) : null;
        },
      },
      {
        id: 'traction.customers',
        description: "Paying customers (or, for consumer products, active users) at or above the stage's benchmark",
        points: 1,
        benchmark: 'payingCustomers',
        missing: 'customer or user numbers',
        check: (c) => {
          const { b2c, paying, users } = customersOrUsers(c);
          const cBar = stageBar('payingCustomers', c.u.stage.value).good;
          const uBar = stageBar('activeUsers', c.u.stage.value).good;
          if (paying && paying.value >= cBar) return fired(`${show(paying)} customers ≥ ${c.u.stage.value} bar ${cBar}`, metricEvidence(paying));
          if ((b2c || !paying) && users && users.value >= uBar) return fired(`${show(users)} users ≥ ${c.u.stage.value} bar ${uBar}`, metricEvidence(users));
          return null;
        },
      },
      {
        id: 'traction.pilots',
        description: 'Pilots, LOIs, a waitlist or pre-orders',
        points: 0.5,
        benchmark: null,
        missing: 'pilots or letters of intent',
        check: (c) => {
          const m = c.u.metrics.pilots;
          return m && m.value > 0 ? fired(`${show(m)} pilots/LOIs`, metricEvidence(m)) : null;
        },
      },
      {
        id: 'traction.retention',
        description: 'Retention at or above benchmark',
        points: 0.5,
        benchmark: 'retention',
        check: (c) => {
          const m = c.u.metrics.retention;
          return m && m.value >= BENCHMARKS.retention.good! ? fired(`Retention ${show(m)}`, metricEvidence(m)) : null;
        },
      },
      {
        id: 'traction.social_proof',
        description: 'Named customers, partners, awards or accelerators',
        points: 0.5,
        benchmark: null,
        check: (c) => {
          const sp = c.u.profile?.social_proof ?? '';
          if (sp !== '') return fired('Social proof', profileEvidence('social_proof', sp));
          return hasTopic(c.u, 'socialProof') ? fired('Social proof', topicEvidence(c.u, 'socialProof')) : null;
        },
      },
      {
        id: 'traction.declining',
        description: 'Revenue shrinking month over month',
        points: -1,
        benchmark: null,
        check: (c) => {
          const m = c.u.metrics.momGrowth;
          return m && m.value < 0 ? fired(`MoM growth ${show(m)}`, metricEvidence(m)) : null;
        },
      },
    ],
  },
  {
    key: 'product',
    measures: 'How real and defensible the product is: live, shown, differentiated, with a roadmap.',
    base: 1,
    rules: [
      {
        id: 'product.slide',
        description: 'The deck has a product slide',
        points: 2,
        benchmark: null,
        missing: 'product slide',
        check: (c) => (hasSection(c.u, 'product') ? fired('Product slide present', sectionEvidence(c.u, 'product')) : null),
      },
      {
        id: 'product.live',
        description: 'The product is live (MVP, launched, or earning revenue)',
        points: 1.5,
        benchmark: null,
        missing: 'product status (live, beta, MVP)',
        check: (c) => {
          const p = c.u.profile;
          if (p?.revenue_stage && p.revenue_stage !== 'Pre-revenue') return fired(`Revenue stage: ${p.revenue_stage}`, profileEvidence('revenue_stage', p.revenue_stage));
          if (p && /\b(live|launched|beta|mvp|production|ga|generally available|revenue)\b/i.test(p.product_maturity)) {
            return fired(`Product: ${p.product_maturity}`, profileEvidence('product_maturity', p.product_maturity));
          }
          if ((c.u.metrics.mrr?.value ?? 0) > 0 || (c.u.metrics.payingCustomers?.value ?? 0) > 0) return fired('Product earning revenue', metricEvidence(c.u.metrics.mrr ?? c.u.metrics.payingCustomers));
          return hasTopic(c.u, 'live') ? fired('Product launched or in beta', topicEvidence(c.u, 'live')) : null;
        },
      },
      {
        id: 'product.demo',
        description: 'Demo, screenshots or store listing shown',
        points: 1,
        benchmark: null,
        missing: 'screenshots or a demo link',
        check: (c) => (hasTopic(c.u, 'demo') ? fired('Demo or screenshots', topicEvidence(c.u, 'demo')) : null),
      },
      {
        id: 'product.moat',
        description: 'Defensibility: patents, proprietary data or tech, network effects',
        points: 1.5,
        benchmark: null,
        missing: 'defensibility (IP, data, network effects)',
        check: (c) => (hasTopic(c.u, 'moat') ? fired('Defensibility stated', topicEvidence(c.u, 'moat')) : null),
      },
      {
        id: 'product.differentiation',
        description: 'Clear differentiation from alternatives',
        points: 1,
        benchmark: null,
        check: (c) => (hasTopic(c.u, 'differentiation') ? fired('Differentiation stated', topicEvidence(c.u, 'differentiation')) : null),
      },
      {
        id: 'product.roadmap',
        description: 'A roadmap or milestones',
        points: 1,
        benchmark: null,
        missing: 'product roadmap',
        check: (c) => (hasTopic(c.u, 'roadmap') ? fired('Roadmap or milestones', topicEvidence(c.u, 'roadmap')) : null),
      },
      {
        id: 'product.usage',
        description: 'Usage data (active users or activation rate)',
        points: 1,
        benchmark: null,
        missing: 'usage data (active users, activation)',
        check: (c) => {
          const m = c.u.metrics.activeUsers ?? c.u.metrics.activationRate ?? c.u.metrics.users;
          return m ? fired(`Usage: ${show(m)}`, metricEvidence(m)) : null;
        },
      },
    ],
  },
  {
    key: 'businessModel',
    measures: 'How the company makes money and whether the unit economics work.',
    base: 1,
    rules: [
      {
        id: 'bm.slide',
        description: 'The deck has a business model slide',
        points: 1.5,
        benchmark: null,
        missing: 'business model slide',
        check: (c) => (hasSection(c.u, 'businessModel') ? fired('Business model slide present', sectionEvidence(c.u, 'businessModel')) : null),
      },
      {
        id: 'bm.model',
        description: 'Revenue model named (subscription, commission, licensing...)',
        points: 1,
        benchmark: null,
        missing: 'revenue model',
        check: (c) =>
          hasTopic(c.u, 'revenueModel')
            ? fired('Revenue model named', topicEvidence(c.u, 'revenueModel'))
            : c.u.businessModel && c.u.businessModel !== 'Other'
              ? fired(`Business model: ${c.u.businessModel}`, profileEvidence('business_model', c.u.businessModel))
              : null,
      },
      {
        id: 'bm.pricing',
        description: 'Pricing stated',
        points: 1.5,
        benchmark: null,
        missing: 'pricing',
        check: (c) => {
          const f = c.u.facts.find((x) => x.kind === 'pricing');
          if (f) return fired(`Pricing ${formatAmount(f.value, f.currency)}`, [{ source: f.source === 'llm' ? 'llm' : 'deck', page: f.page, quote: f.quote, factId: f.id }]);
          if (c.u.metrics.acv) return fired(`ACV/AOV ${show(c.u.metrics.acv)}`, metricEvidence(c.u.metrics.acv));
          return hasTopic(c.u, 'pricing') ? fired('Pricing described', topicEvidence(c.u, 'pricing')) : null;
        },
      },
      {
        id: 'bm.margin_known',
        description: 'Gross margin stated',
        points: 0.5,
        benchmark: null,
        missing: 'gross margin',
        check: (c) => (c.u.metrics.grossMargin ? fired(`Gross margin ${show(c.u.metrics.grossMargin)}`, metricEvidence(c.u.metrics.grossMargin)) : null),
      },
      {
        id: 'bm.margin_good',
        description: "Gross margin at or above the model's 'good' benchmark",
        points: 1,
        benchmark: 'grossMarginSoftware',
        check: (c) => {
          const m = c.u.metrics.grossMargin;
          const b = marginBenchmark(c.u.businessModel, c.u.industry);
          return m && m.value >= b.good! ? fired(`Gross margin ${show(m)} ≥ ${b.good}%`, metricEvidence(m)) : null;
        },
      },
      {
        id: 'bm.margin_great',
        description: "Gross margin at or above the model's 'great' benchmark",
        points: 0.5,
        benchmark: 'grossMarginSoftware',
        check: (c) => {
          const m = c.u.metrics.grossMargin;
          const b = marginBenchmark(c.u.businessModel, c.u.industry);
          return m && m.value >= b.great! ? fired(`Gross margin ${show(m)} ≥ ${b.great}%`, metricEvidence(m)) : null;
        },
      },
      {
        id: 'bm.ltv_cac',
        description: 'LTV:CAC of 3 or more',
        points: 1,
        benchmark: 'ltvCac',
        missing: 'LTV and CAC',
        check: (c) => (c.ltvCac !== null && c.ltvCac >= 3 ? fired(`LTV:CAC ${c.ltvCac}x`, [...metricEvidence(c.u.metrics.ltv), ...metricEvidence(c.u.metrics.cac)]) : null),
      },
      {
        id: 'bm.ltv_cac_great',
        description: 'LTV:CAC of 5 or more',
        points: 0.5,
        benchmark: 'ltvCac',
        check: (c) => (c.ltvCac !== null && c.ltvCac >= 5 ? fired(`LTV:CAC ${c.ltvCac}x ≥ 5x`, metricEvidence(c.u.metrics.ltv)) : null),
      },
      {
        id: 'bm.payback',
        description: 'CAC payback of 12 months or less',
        points: 1,
        benchmark: 'paybackMonths',
        check: (c) => (c.paybackMonths !== null && c.paybackMonths <= 12 ? fired(`CAC payback ${c.paybackMonths} months`, metricEvidence(c.u.metrics.cac)) : null),
      },
      {
        id: 'bm.churn_good',
        description: 'Monthly churn at or below benchmark',
        points: 0.5,
        benchmark: 'churn',
        check: (c) => {
          const m = c.u.metrics.churn;
          return m && m.value <= BENCHMARKS.churn.good! ? fired(`Churn ${show(m)} ≤ ${BENCHMARKS.churn.good}%`, metricEvidence(m)) : null;
        },
      },
      {
        id: 'bm.churn_high',
        description: 'Monthly churn above 6%',
        points: -1,
        benchmark: 'churn',
        check: (c) => {
          const m = c.u.metrics.churn;
          return m && m.value > 6 ? fired(`Churn ${show(m)} > 6%`, metricEvidence(m)) : null;
        },
      },
      {
        id: 'bm.margin_low',
        description: 'Gross margin below 20%',
        points: -1,
        benchmark: null,
        check: (c) => {
          const m = c.u.metrics.grossMargin;
          return m && m.value < 20 ? fired(`Gross margin ${show(m)} < 20%`, metricEvidence(m)) : null;
        },
      },
    ],
  },
  {
    key: 'financials',
    measures: 'Whether the numbers are known and planned: burn, runway, projections, the raise and its use.',
    base: 1,
    rules: [
      {
        id: 'fin.slide',
        description: 'The deck has a financials slide',
        points: 1.5,
        benchmark: null,
        missing: 'financials slide',
        check: (c) => (hasSection(c.u, 'financials') ? fired('Financials slide present', sectionEvidence(c.u, 'financials')) : null),
      },
      {
        id: 'fin.revenue_figures',
        description: 'Revenue figures given',
        points: 0.5,
        benchmark: null,
        check: (c) => {
          const m = c.u.metrics.mrr ?? c.u.metrics.arr;
          if (m) return fired(`Revenue ${show(m)}`, metricEvidence(m));
          const f = c.u.facts.find((x) => x.kind === 'revenue');
          return f ? fired(`Revenue ${formatAmount(f.value, f.currency)}`, [{ source: 'deck', page: f.page, quote: f.quote, factId: f.id }]) : null;
        },
      },
      {
        id: 'fin.projections',
        description: 'Financial projections (or a stated revenue goal: the only place targets count)',
        points: 1,
        benchmark: null,
        missing: '3-year projections',
        check: (c) => {
          if (hasTopic(c.u, 'projections')) return fired('Projections shown', topicEvidence(c.u, 'projections'));
          // Goals and forecasts count here, as a plan, and nowhere else.
          const plan = c.u.claims.find((x) => x.status === 'target' && ['revenue', 'mrr', 'arr'].includes(x.kind));
          return plan ? fired('Revenue plan stated', [{ source: 'deck', page: plan.page, quote: plan.quote, factId: null }]) : null;
        },
      },
      {
        id: 'fin.burn',
        description: 'Monthly burn stated',
        points: 1,
        benchmark: null,
        missing: 'monthly burn',
        check: (c) => (c.u.metrics.burn ? fired(`Burn ${show(c.u.metrics.burn)}/month`, metricEvidence(c.u.metrics.burn)) : null),
      },
      {
        id: 'fin.runway_good',
        description: 'Runway of 12 months or more',
        points: 1,
        benchmark: 'runwayMonths',
        missing: 'runway',
        check: (c) => {
          const m = c.u.metrics.runwayMonths;
          return m && m.value >= 12 ? fired(`Runway ${show(m)}`, metricEvidence(m)) : null;
        },
      },
      {
        id: 'fin.runway_great',
        description: 'Runway of 18 months or more',
        points: 0.5,
        benchmark: 'runwayMonths',
        check: (c) => {
          const m = c.u.metrics.runwayMonths;
          return m && m.value >= 18 ? fired(`Runway ${show(m)} ≥ 18 months`, metricEvidence(m)) : null;
        },
      },
      {
        id: 'fin.burn_multiple',
        description: 'Burn multiple of 2 or less',
        points: 1,
        benchmark: 'burnMultiple',
        check: (c) => (c.burnMultiple !== null && c.burnMultiple <= 2 ? fired(`Burn multiple ${c.burnMultiple}`, metricEvidence(c.u.metrics.burn)) : null),
      },
      {
        id: 'fin.ask',
        description: `Round size stated (a venture round: ${formatAmount(MIN_ROUND_USD, 'USD')} or more)`,
        points: 1,
        benchmark: null,
        missing: 'round size',
        // A few thousand for a prototype or a pilot ('We need a £3000 investment') is a project budget, not a round.
        check: (c) => ((c.u.metrics.raise?.usd ?? 0) >= MIN_ROUND_USD ? fired(`Raising ${show(c.u.metrics.raise)}`, metricEvidence(c.u.metrics.raise)) : null),
      },
      {
        id: 'fin.use_of_funds',
        description: 'Use of funds explained',
        points: 1,
        benchmark: null,
        missing: 'use of funds',
        check: (c) => (hasTopic(c.u, 'useOfFunds') ? fired('Use of funds explained', topicEvidence(c.u, 'useOfFunds')) : null),
      },
      {
        id: 'fin.valuation',
        description: 'Valuation or cap stated',
        points: 0.5,
        benchmark: null,
        check: (c) => (c.u.metrics.valuation ? fired(`Valuation ${show(c.u.metrics.valuation)}`, metricEvidence(c.u.metrics.valuation)) : null),
      },
      {
        id: 'fin.committed',
        description: 'At least 25% of the round committed',
        points: 0.5,
        benchmark: 'committed',
        check: (c) => (c.committedPct !== null && c.committedPct >= 25 ? fired(`${pct(c.committedPct)} of the round committed`, metricEvidence(c.u.metrics.committed)) : null),
      },
    ],
  },
  {
    key: 'gtm',
    measures: 'How the company will reach customers: channels, target segment, acquisition cost, sales motion.',
    base: 1,
    rules: [
      {
        id: 'gtm.slide',
        description: 'The deck has a go-to-market slide',
        points: 2,
        benchmark: null,
        missing: 'go-to-market slide',
        check: (c) => (hasSection(c.u, 'gtm') ? fired('Go-to-market slide present', sectionEvidence(c.u, 'gtm')) : null),
      },
      {
        id: 'gtm.channels',
        description: 'Acquisition channels named',
        points: 1,
        benchmark: null,
        missing: 'named acquisition channels',
        check: (c) => (c.u.channels.length > 0 ? fired(`Channels: ${c.u.channels.slice(0, 4).join(', ')}`, topicEvidence(c.u, 'channels')) : null),
      },
      {
        id: 'gtm.channels_multi',
        description: 'Three or more channels named',
        points: 0.5,
        benchmark: null,
        check: (c) => (c.u.channels.length >= 3 ? fired(`${c.u.channels.length} channels`, topicEvidence(c.u, 'channels')) : null),
      },
      {
        id: 'gtm.icp',
        description: 'Target segment defined',
        points: 1,
        benchmark: null,
        missing: 'target segment',
        check: (c) => {
          const icp = c.u.profile?.icp ?? '';
          if (icp !== '') return fired('Target segment defined', profileEvidence('icp', icp));
          return hasTopic(c.u, 'icp') ? fired('Target segment named', topicEvidence(c.u, 'icp')) : null;
        },
      },
      {
        id: 'gtm.cac',
        description: 'Customer acquisition cost known',
        points: 1,
        benchmark: null,
        missing: 'CAC',
        check: (c) => (c.u.metrics.cac ? fired(`CAC ${show(c.u.metrics.cac)}`, metricEvidence(c.u.metrics.cac)) : null),
      },
      {
        id: 'gtm.sales_motion',
        description: 'Sales cycle or win rate stated',
        points: 0.5,
        benchmark: null,
        check: (c) => {
          const m = c.u.metrics.salesCycle ?? c.u.metrics.winRate;
          return m ? fired(c.u.metrics.salesCycle ? `Sales cycle ${c.u.metrics.salesCycle.value} days` : `Win rate ${show(m)}`, metricEvidence(m)) : null;
        },
      },
      {
        id: 'gtm.win_rate',
        description: 'Win rate of 20% or more',
        points: 0.5,
        benchmark: 'winRate',
        check: (c) => {
          const m = c.u.metrics.winRate;
          return m && m.value >= BENCHMARKS.winRate.good! ? fired(`Win rate ${show(m)}`, metricEvidence(m)) : null;
        },
      },
      {
        id: 'gtm.target_geo',
        description: 'Target geography set',
        points: 0.5,
        benchmark: null,
        check: (c) => (c.u.profile?.target_geo ? fired(`Target geography: ${c.u.profile.target_geo}`, profileEvidence('target_geo', c.u.profile.target_geo)) : null),
      },
      {
        id: 'gtm.pipeline',
        description: 'Pipeline: pilots, LOIs or distribution partners',
        points: 1,
        benchmark: null,
        check: (c) => {
          const m = c.u.metrics.pilots;
          if (m && m.value > 0) return fired(`${show(m)} pilots/LOIs`, metricEvidence(m));
          return hasTopic(c.u, 'socialProof') ? fired('Partners named', topicEvidence(c.u, 'socialProof')) : null;
        },
      },
      {
        id: 'gtm.paying',
        description: 'Paying customers acquired (the motion works at least once)',
        points: 1,
        benchmark: null,
        check: (c) => {
          const m = c.u.metrics.payingCustomers ?? c.u.metrics.customers;
          return m && m.value >= 1 ? fired(`${show(m)} customers`, metricEvidence(m)) : null;
        },
      },
    ],
  },
  {
    key: 'risks',
    measures: 'How exposed the company is and how openly risks are handled; higher means lower or better-managed risk.',
    base: 3,
    rules: [
      {
        id: 'risks.mitigation',
        description: 'Risks and mitigations discussed',
        points: 1.5,
        benchmark: null,
        missing: 'risks & mitigations slide',
        check: (c) =>
          hasSection(c.u, 'risks')
            ? fired('Risks slide present', sectionEvidence(c.u, 'risks'))
            : hasTopic(c.u, 'riskMitigation')
              ? fired('Risk mitigation discussed', topicEvidence(c.u, 'riskMitigation'))
              : null,
      },
      {
        id: 'risks.competition_aware',
        description: 'Competition acknowledged',
        points: 1,
        benchmark: null,
        missing: 'competition analysis',
        check: (c) =>
          hasSection(c.u, 'competition')
            ? fired('Competition acknowledged', sectionEvidence(c.u, 'competition'))
            : (c.u.profile?.competitors_list.length ?? 0) > 0 || (c.u.profile?.competitors ?? '') !== ''
              ? fired('Competitors named', profileEvidence('competitors', c.u.profile!.competitors || c.u.profile!.competitors_list.map((x) => x.name).join(', ')))
              : null,
      },
      {
        id: 'risks.regulation',
        description: 'Regulated industry: regulation and compliance addressed',
        points: 1,
        benchmark: null,
        check: (c) =>
          c.u.industry && REGULATED_INDUSTRIES.has(c.u.industry) && hasTopic(c.u, 'regulation')
            ? fired(`${c.u.industry}: regulation addressed`, topicEvidence(c.u, 'regulation'))
            : null,
      },
      {
        id: 'risks.regulation_missing',
        description: 'Regulated industry and regulation not mentioned',
        points: -1,
        benchmark: null,
        check: (c) =>
          c.u.industry && REGULATED_INDUSTRIES.has(c.u.industry) && !hasTopic(c.u, 'regulation')
            ? fired(`${c.u.industry} with no word on regulation`, profileEvidence('industry', c.u.industry))
            : null,
      },
      {
        id: 'risks.runway_ok',
        description: 'Runway of 12 months or more',
        points: 1,
        benchmark: 'runwayMonths',
        check: (c) => {
          const m = c.u.metrics.runwayMonths;
          return m && m.value >= 12 ? fired(`Runway ${show(m)}`, metricEvidence(m)) : null;
        },
      },
      {
        id: 'risks.runway_short',
        description: 'Runway under 6 months',
        points: -2,
        benchmark: 'runwayMonths',
        check: (c) => {
          const m = c.u.metrics.runwayMonths;
          return m && m.value < 6 ? fired(`Runway only ${show(m)}`, metricEvidence(m)) : null;
        },
      },
      {
        id: 'risks.committed',
        description: 'Half the round or more committed',
        points: 1,
        benchmark: 'committed',
        check: (c) => (c.committedPct !== null && c.committedPct >= 50 ? fired(`${pct(c.committedPct)} committed`, metricEvidence(c.u.metrics.committed)) : null),
      },
      {
        id: 'risks.unit_economics',
        description: 'LTV:CAC of 3 or more',
        points: 0.5,
        benchmark: 'ltvCac',
        check: (c) => (c.ltvCac !== null && c.ltvCac >= 3 ? fired(`LTV:CAC ${c.ltvCac}x`, metricEvidence(c.u.metrics.ltv)) : null),
      },
      {
        id: 'risks.solo',
        description: 'Single founder',
        points: -1,
        benchmark: null,
        check: (c) => (c.u.founders.source === 'profile' && c.u.founders.count === 1 ? fired('Single founder', profileEvidence('founders', '1')) : null),
      },
      {
        id: 'risks.parttime',
        description: 'Part-time founder',
        points: -1,
        benchmark: null,
        check: (c) => (c.u.founders.partTime > 0 ? fired('Part-time founder', profileEvidence('founders', 'Part-time')) : null),
      },
      {
        id: 'risks.churn_high',
        description: 'Monthly churn above 6%',
        points: -1,
        benchmark: 'churn',
        check: (c) => {
          const m = c.u.metrics.churn;
          return m && m.value > 6 ? fired(`Churn ${show(m)}`, metricEvidence(m)) : null;
        },
      },
      {
        id: 'risks.declining',
        description: 'Revenue shrinking month over month',
        points: -1,
        benchmark: null,
        check: (c) => {
          const m = c.u.metrics.momGrowth;
          return m && m.value < 0 ? fired(`MoM growth ${show(m)}`, metricEvidence(m)) : null;
        },
      },
      {
        id: 'risks.contradictions',
        description: 'The deck states better figures than the profile (-1 per material contradiction, at most -3)',
        points: -1,
        benchmark: null,
        check: (c) => {
          // A profile figure better than the deck's (newer numbers) costs nothing: a rising MRR never lowers a score.
          const against = c.u.contradictions.filter((x) => x.deckOverstates);
          const n = against.length;
          if (n === 0) return null;
          return {
            detail: `${n} contradiction(s) between profile and deck`,
            evidence: against.slice(0, 3).map((x) => ({ source: 'deck' as const, page: x.page, quote: x.message, factId: null })),
            points: -Math.min(3, n),
          };
        },
      },
      {
        id: 'risks.thin_deck',
        description: 'Too little readable text to judge (under 150 words)',
        points: -1,
        benchmark: 'minWords',
        check: (c) => {
          // A slide of goals adds words but no evidence: its words do not lift a thin deck over the bar.
          const goalsOnly = (n: number) => c.u.claims.some((x) => x.page === n && x.status === 'target') && !c.u.claims.some((x) => x.page === n && x.status === 'current');
          const words = c.u.words - c.u.pages.filter((p) => goalsOnly(p.number)).reduce((n, p) => n + countWords(p.text) + countWords(p.notes), 0);
          return words < BENCHMARKS.minWords.good! ? fired(`Only ${words} readable words`) : null;
        },
      },
    ],
  },
];
