import type { Fact, SectionKind } from '@fitscore/contracts';
import type { PageText } from '../model.ts';

/**
 * Which pitch-deck sections a page is. A title match is strong evidence, body keywords
 * and the facts on the page add to it, and position nudges (problem and solution come
 * early, team and the ask late). A page can be two sections ('Problem & Solution').
 */

interface SectionRule {
  kind: SectionKind;
  title: RegExp;
  body: RegExp[];
  /** Where this section usually sits: 'early' (first 40%), 'late' (last 50%). */
  position?: 'early' | 'late';
  facts?: Fact['kind'][];
}

const RULES: SectionRule[] = [
  {
    kind: 'problem',
    title: /\b(problems?|pain ?points?|the (issue|challenge)|challenges?|why (this|it) matters|status quo)\b/i,
    body: [/\bproblems?\b/i, /\bpain\b/i, /struggl|frustrat/i, /inefficien|costly|expensive|waste/i, /lack of|no easy way|difficult|hard to/i, /broken|fragmented|outdated|manual/i],
    position: 'early',
  },
  {
    kind: 'solution',
    title: /\b(solutions?|our (answer|approach)|introducing|value proposition|how (it|we) (works?|help)|what we do)\b/i,
    body: [/\bsolution\b/i, /we (built|build|provide|offer|help|enable)/i, /platform (that|which)/i, /\benables?\b/i, /value proposition/i],
    position: 'early',
  },
  {
    kind: 'product',
    title: /\b(products?|platform|features?|demo|technology|tech stack|how it works|the app|roadmap|architecture|screenshots?)\b/i,
    body: [/\bfeatures?\b/i, /\bdashboard|app\b|mobile|web app|\bAPI\b/i, /\bAI\b|machine learning|algorithm/i, /roadmap/i, /\blaunch(ed)?\b|\bbeta\b|\bMVP\b|\blive\b/i, /\bpatent/i],
  },
  {
    kind: 'market',
    title: /\b(market|TAM|market size|opportunity|addressable|industry|market validation)\b/i,
    body: [/\bTAM\b|\bSAM\b|\bSOM\b/i, /addressable/i, /market size|market (is|of)|billion/i, /\bCAGR\b|growing at/i, /segment/i],
    facts: ['tam', 'sam', 'som', 'marketCagr'],
  },
  {
    kind: 'businessModel',
    title: /\b(business model|revenue model|monetization|monetisation|pricing|how we make money|unit economics|revenue streams?)\b/i,
    body: [/subscription|\bSaaS\b|per (month|user|seat)/i, /commission|take rate|transaction fee/i, /pricing|price/i, /freemium|licen[cs]e/i, /unit economics|\bLTV\b|\bCAC\b/i],
    facts: ['pricing', 'ltv', 'cac'],
  },
  {
    kind: 'traction',
    title: /\b(traction|milestones?|progress|growth|key metrics|achievements|validation|results|momentum|numbers|customers|testimonials?|case stud(y|ies)|metrics)\b/i,
    body: [/\bMRR\b|\bARR\b|revenue/i, /customers|clients|users/i, /growth|grew|growing/i, /pilot|\bLOI\b|signed/i, /partnership|partnered/i, /\bMoM\b|\bYoY\b/i],
    facts: ['mrr', 'arr', 'revenue', 'momGrowth', 'yoyGrowth', 'payingCustomers', 'customers', 'users', 'activeUsers', 'pilots', 'gmv'],
  },
  {
    kind: 'gtm',
    title: /\b(go[- ]to[- ]market|GTM|marketing|sales (strategy|plan)|distribution|channels?|customer acquisition|growth strategy|acquisition strategy|expansion)\b/i,
    body: [/\bchannels?\b/i, /\bSEO\b|content marketing|social media|paid (ads|acquisition)|influencer/i, /direct sales|sales team|inside sales|partnerships?|resellers?|referrals?/i, /\bCAC\b|funnel|conversion/i, /launch in|expand to|rollout/i],
    facts: ['cac'],
  },
  {
    kind: 'competition',
    title: /\b(competition|competitors?|competitive (landscape|advantage|analysis)|alternatives|landscape|differentiation|why us|our (edge|moat)|positioning)\b/i,
    body: [/competitor|competition/i, /\bvs\.?\b|versus|compared to/i, /incumbent/i, /differentiat|\bmoat\b|unique|unlike/i],
  },
  {
    kind: 'team',
    title: /\b(team|founders?|about us|management|leadership|who we are|advisors?|board)\b/i,
    body: [/\bCEO\b|\bCTO\b|\bCOO\b|\bCFO\b/i, /co-?founder|founder/i, /\bex-|formerly|previously/i, /\bPhD\b|\bMBA\b|university|graduate/i, /years of experience|experience in/i],
    position: 'late',
  },
  {
    kind: 'financials',
    title: /\b(financials?|financial (plan|projections?|forecast|model|summary|overview)|projections?|forecast|P&L|revenue projections?|budget)\b/i,
    body: [/projection|forecast/i, /\bEBITDA\b|\bP&L\b|net (income|profit)|break[- ]?even/i, /\bburn\b|runway/i, /\b20[2-3]\d\b.*\b20[2-3]\d\b/i, /gross margin|operating (costs|expenses)/i],
    position: 'late',
    facts: ['burn', 'runwayMonths', 'cash'],
  },
  {
    kind: 'ask',
    title: /\b(the ask|our ask|ask|investment|funding|use of (funds|proceeds)|raising|fundraising|the round|invest(ment)? opportunity|deal terms|capital)\b/i,
    body: [/use of (funds|proceeds)|allocation/i, /rais(e|ing)|seeking|looking for/i, /\bSAFE\b|equity|convertible|pre-?money|valuation/i, /\bround\b/i],
    position: 'late',
    facts: ['raise', 'valuation', 'committed'],
  },
  {
    kind: 'risks',
    title: /\b(risks?|risk (factors|mitigation|analysis)|challenges (&|and) mitigations?|mitigation|SWOT|threats)\b/i,
    body: [/\brisks?\b/i, /mitigat/i, /regulat|compliance/i, /threats?/i],
  },
];

export interface PageSections {
  page: number;
  kinds: SectionKind[];
}

export interface DetectedSection {
  kind: SectionKind;
  title: string | null;
  pages: number[];
}

const TITLE_POINTS = 6;
const THRESHOLD = 3;

export function classifyPages(pages: readonly PageText[], facts: readonly Fact[]): PageSections[] {
  const n = pages.length;
  return pages.map((page, idx) => {
    // Headings: the title when the format marks one, and short lines at the top (many
    // decks set their heading in a text box, under a number or a tagline).
    const headings = [page.title ?? '', ...page.text.split('\n').slice(0, 4).filter((l) => l.length <= 50)];
    const body = `${page.text}\n${page.notes}`;
    const pageFacts = facts.filter((f) => f.page === page.number);
    const scored = RULES.map((rule) => {
      let score = 0;
      if (headings.some((h) => rule.title.test(h))) score += TITLE_POINTS;
      score += Math.min(4, rule.body.filter((re) => re.test(body)).length);
      if (rule.facts && pageFacts.some((f) => rule.facts!.includes(f.kind))) score += 2;
      const rel = n <= 1 ? 0 : idx / (n - 1);
      if (rule.position === 'early' && rel <= 0.4) score += 0.5;
      if (rule.position === 'late' && rel >= 0.5) score += 0.5;
      return { kind: rule.kind, score };
    })
      .filter((s) => s.score >= THRESHOLD)
      .sort((a, b) => b.score - a.score);
    // The best match, plus any other kind the title itself names.
    const kinds = scored.filter((s, i) => i === 0 || s.score >= TITLE_POINTS).map((s) => s.kind);
    // Title slides (first page, little text) are no section.
    if (idx === 0 && n > 3 && !scored.some((s) => s.score >= TITLE_POINTS)) return { page: page.number, kinds: [] };
    return { page: page.number, kinds };
  });
}

export function collectSections(pages: readonly PageText[], classified: readonly PageSections[]): DetectedSection[] {
  const byKind = new Map<SectionKind, DetectedSection>();
  for (const c of classified) {
    for (const kind of c.kinds) {
      const page = pages.find((p) => p.number === c.page);
      const existing = byKind.get(kind);
      if (existing) existing.pages.push(c.page);
      else byKind.set(kind, { kind, title: page?.title ?? null, pages: [c.page] });
    }
  }
  return RULES.map((r) => byKind.get(r.kind)).filter((s): s is DetectedSection => s !== undefined);
}
