import type { Fact, SectionKind } from '@fitscore/contracts';
import type { PageText } from '../model.ts';
import { rememberByText } from '../text/remember.ts';

/**
 * Which pitch-deck sections a page is, from its content with its heading as one signal.
 * A heading names a section in English, German, French, Spanish or Portuguese ('Problem',
 * 'Lösung', 'Marché', 'Modelo de negocio', 'Equipe'); keywords match whole words only
 * ('management' in 'stroke management' is no team). A page counts only when it carries
 * substance (enough words beyond its heading, or figures): a heading over nothing, a
 * placeholder, or a slide listing section names (an agenda) is no section.
 */

/** Every phrase the rules match, for the test that no rule is one deck's vocabulary. */
const PHRASES: string[] = [];
export const rulePhrases = (): readonly string[] => PHRASES;

/** Whole words or phrases, case-insensitive, letters of any script. */
export function words(phrases: string[]): RegExp {
  PHRASES.push(...phrases);
  // Longest first, so that 'market validation' wins over 'market'.
  const sorted = [...phrases].sort((a, b) => b.length - a.length);
  return new RegExp(`(?<![\\p{L}\\p{N}])(?:${sorted.join('|')})(?![\\p{L}])`, 'iu');
}

interface SectionRule {
  kind: SectionKind;
  /** Headings that name the section. */
  heading: RegExp;
  /** Body words, each a separate signal; three or more make a page without a named heading. */
  body: RegExp[];
  facts?: Fact['kind'][];
}

const RULES: SectionRule[] = [
  {
    kind: 'problem',
    heading: words([
      'problems?', 'the problem', 'the issue', 'the challenges? (we|that)', 'status quo',
      'before \\p{L}+', 'problem statement',
      'problem(e|stellung)?', 'herausforderungen?', 'probl[eè]mes?', 'problema', 'dor', 'desaf[ií]o',
    ]),
    body: [words(['problems?', 'pain', 'struggl\\w*', 'frustrat\\w*']), words(['inefficien\\w*', 'costly', 'expensive', 'high costs?', 'waste\\w*']), words(['lack of', 'difficult', "can'?t afford"]), words(['fragmented', 'manual(ly)?']), words(['currently', 'existing', 'traditional(ly)?'])],
  },
  {
    kind: 'solution',
    heading: words([
      'solutions?', 'advantages', 'our (answer|approach)', 'introducing', 'value propositions?', 'unique value proposition', '\\p{L}*USP',
      'what is \\p{L}+ ?\\?', 'after \\p{L}+', '(user |customer )?benefits( to \\p{L}+)?', 'proposed solution', 'unique selling (points?|propositions?)', '\\p{L}+ benefits', 'how we help',
      'l[oö]sung(en)?', 'nutzen', 'wertversprechen', 'soluci[oó]n', 'solu[cç][aã]o', 'propuesta de valor', 'proposta de valor',
    ]),
    body: [words(['solution', 'solves?']), words(['we (built|build|provide|offer|help|enable)']), words(['platform (that|which)', 'enables?']), words(['value proposition', 'benefits?'])],
  },
  {
    kind: 'product',
    heading: words([
      'products?', 'the product', 'product demo', 'platform', 'features?', 'demo', 'technology', 'tech stack', 'how (it|does it|\\p{L}+) works?\\??',
      'under the hood', 'use cases?', 'prototypes?', 'roadmap', 'architecture', 'characteristics( of)?', 'the app',
      'produkt', 'technologie', 'so funktioniert', 'funktionsweise', 'produit', 'comment [çc]a marche', 'producto', 'tecnolog[ií]a', 'produto', 'como funciona',
    ]),
    body: [
      words(['features?', 'dashboards?', 'app', 'mobile', 'web ?app', 'API']), words(['AI', 'machine learning', 'algorithms?']), words(['roadmap']), words(['launch(ed)?', 'beta', 'MVP', 'prototype']), words(['patents?']),
      // What a product does and is built of: its functions and its stack.
      words(['real[- ]time', 'notifications?', 'analytics', 'tracking', 'editor', 'import/export', 'search', 'recommendations?']),
      words(['front-?end', 'back-?end', 'database', 'cloud', 'integrations?', 'hardware', 'software']),
    ],
  },
  {
    kind: 'market',
    heading: words([
      'market', 'the market', 'markets', 'market size', 'market sizing', 'market opportunity', 'TAM', 'addressable market', 'industry', 'the industry',
      'opportunity', 'why now', 'target audience', 'target (customer )?(segments?|market)', 'customer segments?', 'target (customers?|users)',
      'market (research|validation|analysis|overview|trends)', 'industry (overview|analysis|trends)', 'markt(größe|volumen|potenzial)?', 'marché', 'taille du marché', 'mercado', 'tamaño del mercado', 'tamanho do mercado',
    ]),
    body: [words(['TAM']), words(['addressable']), words(['market size', 'billion', 'bn']), words(['growing at']), words(['segments?'])],
    facts: ['tam', 'sam', 'som', 'marketCagr'],
  },
  {
    kind: 'businessModel',
    heading: words([
      'business model', 'revenue generation', 'monetis(z|s)ation', 'monetization', 'pricing( structure| model)?', 'how we make money', 'revenue (opportunity|model|streams?|sources?)', '(earning|making) money',
      'gesch[äa]ftsmodell', 'erlösmodell', 'preismodell', 'mod[eè]le (é|e)conomique', "mod[eè]le d'affaires", 'modelo de neg[oó]cios?', 'modelo de receita',
    ]),
    body: [words(['subscription', 'SaaS', 'per (month|user|seat)']), words(['commission', 'take rate', 'transaction fees?']), words(['pricing', 'price']), words(['freemium', 'licen[cs](e|ing)']), words(['CAC']), words(['premium', 'advertising', 'ads', 'upsell'])],
    facts: ['pricing', 'ltv', 'cac'],
  },
  {
    kind: 'traction',
    heading: words([
      'traction', 'milestones', 'progress', 'key metrics', 'achievements', 'results',
      'where we are', 'awards?', 'in the (press|news)', 'what (our )?(users|customers|clients) say',
      'traktion', 'meilensteine', 'erfolge', 'tracci[oó]n', 'tra[cç][aã]o', 'r[ée]sultats',
    ]),
    body: [
      words(['ARR', 'revenue']), words(['customers', 'clients', 'users']), words(['grew', 'growing', 'growth']), words(['pilots?']), words(['YoY']),
      // What users already do and say: adoption, its signs and its recognition.
      words(['launched', 'went live', 'onboarded', 'early adopters', 'active users', 'MAU', 'DAU', 'retention']),
      words(['reviews', 'ratings', 'prize', 'awards?', 'winners?', 'featured (in|on)', 'in the (press|news)', 'accelerators?']),
      // How many use it: '48,000+ users', '12% of all users'.
      words(['\\d[\\d,.]*\\+? (users|customers|clients|members|downloads)', '\\d+ ?% of (\\p{L}+ ){0,2}(users|customers|clients)']),
    ],
    facts: ['mrr', 'arr', 'revenue', 'momGrowth', 'yoyGrowth', 'payingCustomers', 'customers', 'users', 'activeUsers', 'pilots', 'gmv'],
  },
  {
    kind: 'gtm',
    heading: words([
      'go[- ]to[- ]market( plan| strategy)?', 'GTM', 'marketing( plan| strategy)?', 'sales (strategy|plan)', 'distribution', 'channels?', 'customer acquisition', 'growth strategy',
      'adoption strategy', 'expansion( strategy| plan)?', 'partnerships', '(potential |strategic |key )?partners', 'adoption', 'launch (plan|strategy)', 'roll-?out( plan)?', 'initial (service area|markets?)',
      'vertrieb', 'markteintritt', 'vertriebsstrategie', 'mise sur le march[ée]', 'strat[ée]gie commerciale', 'estrategia comercial', 'estrat[ée]gia (comercial|de entrada)',
    ]),
    body: [words(['channels?']), words(['SEO', 'content marketing', 'social media', 'paid (ads|acquisition)']), words(['direct sales', 'sales team', 'resellers?', 'referrals?']), words(['funnel', 'conversion']), words(['expand to', 'rollout']), words(['marketing campaign', 'promotion', 'PR', 'customer acquisition', 'acquire (users|customers)'])],
  },
  {
    kind: 'competition',
    heading: words([
      'competition', 'competitors?', 'competitive (landscape|advantages?|analysis)', 'landscape', 'differentiation', 'why us',
      'comparison', 'how we compare', 'our (edge|moat)', 'positioning', 'defensibility', 'what makes us (different|unique)', 'why (we|\\p{L}+( \\p{L}+)?) (will )?wins?', 'wettbewerb', 'konkurrenz', 'wettbewerbsvorteile?', 'concurrence', 'concurrents', 'competencia', 'competidores', 'concorr[eê]ncia', 'concorrentes',
    ]),
    body: [words(['competitors?', 'competition']), words(['vs\\.?', 'versus']), words(['differentiat\\w*', 'unlike'])],
  },
  {
    kind: 'team',
    heading: words([
      'team', 'the team', 'our team', 'team and collaborators', 'founders?', 'about us', 'management team', 'leadership( team)?', 'who we are',
      'advisors?', 'advisory board', 'board', 'team members', 'das team', 'gr[üu]nder(team)?', "l'?[ée]quipe", '[ée]quipe', 'equipo', 'equipe', 'equipa', 'fundadores',
    ]),
    body: [
      words(['CEO', 'CTO', 'CFO']), words(['co-?founder', 'founder']), words(['ex-', 'formerly', 'previously', '(has )?worked (at|for)', 'alumn(us|a|i)']),
      words(['PhD', 'MBA', 'university', 'graduate', 'Dr\\.', 'professor', 'school of', 'college', 'institute of', 'M\\.?(S|Sc|A|Eng)']),
      words(['years of experience', 'experience in', '\\d+\\+? years']),
      words(['adviser', 'developer', 'designer', 'entrepreneur', 'head of', 'director', 'VP', 'chief \\p{L}+ officer']),
      // Two or more lines naming a person and their role ('Nathan Blecharczyk, Developer'): a list of people.
      /^\p{Lu}\p{Ll}+ \p{Lu}[\p{L}'-]+\s*[,–—|-]\s*\p{Lu}.*\n(?:.*\n)*?\p{Lu}\p{Ll}+ \p{Lu}[\p{L}'-]+\s*[,–—|-]\s*\p{Lu}/mu,
    ],
  },
  {
    kind: 'financials',
    heading: words([
      'financials?', 'financial (plan|projections?|forecast|model|summary|overview|highlights)', 'projections?', 'P&L', 'revenue projections?', 'budget',
      'scenarios', 'costs?', 'cost (structure|breakdown)', 'profit (and|&) loss', 'revenue projections?', 'finanzen', 'finanzplan', 'finanzplanung', 'pr[ée]visions financi[eè]res', 'finanzas', 'proyecciones', 'finan[cç]as', 'proje[cç][oõ]es',
    ]),
    body: [
      words(['projections?', 'projected']), words(['P&L', 'break[- ]?even']), words(['burn', 'runway']), words(['gross margin', 'operating (costs|expenses)']),
      words(['costs', 'expenses', 'profit', 'net income', 'cash ?flow']),
    ],
    facts: ['burn', 'runwayMonths', 'cash'],
  },
  {
    kind: 'ask',
    heading: words([
      'our ask', 'asks?', 'investment', 'investment (opportunity|ask)', 'funding', 'use of (funds|proceeds)', 'raising', 'the round',
      'deal terms', 'capital', "what we'?re looking for",
      'finanzierung', 'investition', 'mittelverwendung', 'lev[ée]e de fonds', 'investissement', 'inversi[oó]n', 'financiaci[oó]n', 'investimento', 'capta[cç][aã]o',
    ]),
    body: [
      words(['use of (funds|proceeds)', 'allocation']), words(['rais(e|ing)', 'seeking', 'looking for']), words(['equity', 'pre-?money', 'valuation']), words(['round']),
      words(['seed round', 'we are raising', 'funding (needs?|requirements?)', 'seeking (investment|funding|capital)', 'ICO']),
      words(['investment', 'funding', 'capital', 'funds']),
    ],
    facts: ['raise', 'valuation', 'committed'],
  },
  {
    kind: 'risks',
    heading: words([
      'risks?', 'risk (factors|mitigation|analysis)', 'challenges (&|and) mitigations?', 'mitigation', 'SWOT', 'threats', 'limitations',
      'regulations?', 'regulatory( \\p{L}+)?', 'legal( (&|and) regulatory)?',
      'risiken', 'risques', 'riesgos', 'riscos',
    ]),
    body: [words(['risks?']), words(['mitigat\\w*']), words(['threats?']), words(['regulations?', 'regulatory', 'compliance', 'compliant']), words(['uncertain\\w*', 'could (fail|delay)'])],
  },
];

export interface PageSections {
  page: number;
  kinds: SectionKind[];
  /** A contents, contact, thank-you or filler page: no section, whatever a classifier reads in it. */
  noSection?: boolean;
}

export interface DetectedSection {
  kind: SectionKind;
  title: string | null;
  pages: number[];
}

/** Words a slide needs beyond its heading to be a section (figures count too). */
const MIN_BODY_WORDS = 5;
const BODY_SIGNALS = 3;
/** A figure of a section's kind on the page counts as this many body signals. */
const FACT_SIGNALS = 2;
// Template text: filler a page still holds makes it no section, whatever else it says; a
// template's credit line or master-slide prompt is only dropped.
// A form's blanks ('Name: ______') are filler too.
const FILLER = /lorem ipsum|dolor sit amet|there are x |your uncle|click (to|here to) add (text|title)|your (text|title) here|_{4,}/i;
const TEMPLATE_LINE = new RegExp(`${FILLER.source}|template by|click (to|here to) edit`, 'i');
const NON_SECTION_HEADING = words(['table of contents', 'contents', 'agenda', 'inhalt', 'sommaire', 'thank you', 'thanks', 'questions\\??', 'contact( us)?', 'danke', 'merci', 'gracias', 'obrigad[oa]']);

const AGENDA_HEADING = words(['table of contents', 'contents', 'agenda', 'inhalt', 'sommaire', 'outline', 'índice', 'indice']);

/**
 * A table of contents ('5 Why Now 07', '10 Traction + Milestones 13-14') or a slide still
 * holding template filler ('Competitive Advantages' over lorem ipsum) says nothing about the
 * company: what its lines name is no evidence.
 */
export function isAgendaOrFiller(page: PageText): boolean {
  return FILLER.test(page.text) || headingsOf(page).some((h) => AGENDA_HEADING.test(h) && h.length <= 30);
}

const wordCount = (s: string) => (s.match(/[\p{L}\p{N}][\p{L}\p{N}'’-]*/gu) ?? []).length;

// Words that say nothing on their own: buzzwords and the glue between them.
const EMPTY_WORD = new RegExp(
  `^(${[
    'a', 'an', 'the', 'and', 'or', 'of', 'with', 'for', 'to', 'in', 'on', 'our', 'we', 'is', 'are', 'by', 'at', 'as', 'strong', 'better', 'best', '\\d+x',
    'patent-pending', 'patent', 'pending', 'proprietary', 'ai', 'moat', 'network', 'effects?', 'serial', 'entrepreneurs?', 'ex-\\p{L}+', 'phd', 'mba',
    'first-to-market', 'unique', 'disruptive', 'world-class', 'innovative', 'cutting-edge', 'revolutionary', 'scalable', 'blockchain', 'seamless',
    'leading', 'best-in-class', 'next-gen', 'game-changing', 'synergy', 'robust', 'powerful', 'smart', 'intelligent', 'platform', 'solution', 'visionary',
    'stanford', 'harvard', 'mit', 'google', 'mckinsey', 'goldman', 'sachs', 'yc', 'award-winning', 'passionate', 'experienced', 'team', 'driven',
  ].join('|')})$`,
  'iu',
);

/** Words that carry content: not buzzwords, not glue. */
export const contentWords = (s: string) => (s.match(/[\p{L}\p{N}][\p{L}\p{N}'’-]*/gu) ?? []).filter((w) => !EMPTY_WORD.test(w)).length;

/** Each rule's heading phrases, global: compiled once, not per line (a line is read several times per deck). */
const HEADING_ALL = RULES.map((r) => ({ kind: r.kind, re: new RegExp(r.heading.source, 'giu') }));

/** Where a line names sections: every heading phrase of every rule found in it, with its span. */
function headingSpans(line: string): Array<{ kind: SectionKind; start: number; end: number }> {
  const spans: Array<{ kind: SectionKind; start: number; end: number }> = [];
  for (const { kind, re } of HEADING_ALL) for (const m of line.matchAll(re)) spans.push({ kind, start: m.index, end: m.index + m[0].length });
  return spans;
}

/** Share of a line's letters that are section names ('Problem > Opportunity' 0.9, 'inefficient technology.' 0.5). */
const headingCoverage = rememberByText((line: string): number => {
  // Glue words ('What is the solution?') count neither way.
  const glue = line.replace(/(?<![\p{L}])(what|is|are|the|our|a|an|of|and|we|your|for|to|in|with|this)(?![\p{L}])/giu, (m) => ' '.repeat(m.length));
  const isLetter = [...glue].map((ch) => /\p{L}/u.test(ch));
  const letters = isLetter.filter(Boolean).length;
  if (letters === 0) return 0;
  const covered = new Array<boolean>(line.length).fill(false);
  for (const s of headingSpans(line)) covered.fill(true, s.start, s.end);
  return isLetter.filter((l, i) => l && covered[i]).length / letters;
});

/**
 * The sections a heading line names. Where phrases of two sections overlap the longer one wins:
 * 'Go-to-market' is no market heading, 'Investment opportunity' no market opportunity.
 */
function headingKinds(line: string): SectionKind[] {
  const spans = headingSpans(line);
  spans.sort((a, b) => b.end - b.start - (a.end - a.start) || a.start - b.start);
  const kept: typeof spans = [];
  for (const s of spans) if (!kept.some((k) => s.start < k.end && k.start < s.end)) kept.push(s);
  return [...new Set(kept.sort((a, b) => a.start - b.start).map((k) => k.kind))];
}

/** The page's heading lines: the title when known, and short lines at the top. */
function headingsOf(page: PageText): string[] {
  const top = page.text.split('\n').slice(0, 4).filter((l) => l.trim().length > 0 && l.length <= 60);
  return [...new Set([page.title ?? '', ...top].map((h) => h.trim()).filter((h) => h !== ''))];
}

/** How many of each section's body signals a text holds (sections with none left out). */
export const bodySignals = rememberByText((text: string): ReadonlyArray<readonly [SectionKind, number]> =>
  RULES.map((rule): [SectionKind, number] => [rule.kind, rule.body.filter((re) => re.test(text)).length]).filter(([, n]) => n > 0),
);

/** The sections a page's body says plainly (BODY_SIGNALS or more, a figure of the kind counting FACT_SIGNALS), strongest first. */
function bodyKinds(body: string, pageFacts: readonly Fact[], min = BODY_SIGNALS): SectionKind[] {
  const signals = new Map(bodySignals(body));
  return RULES.map((rule) => {
    let score = signals.get(rule.kind) ?? 0;
    if (rule.facts && pageFacts.some((f) => rule.facts!.includes(f.kind))) score += FACT_SIGNALS;
    return { kind: rule.kind, score };
  })
    .filter((s) => s.score >= min)
    .sort((a, b) => b.score - a.score)
    .map((s) => s.kind);
}

export function classifyPages(pages: readonly PageText[], facts: readonly Fact[]): PageSections[] {
  const n = pages.length;
  const out: PageSections[] = [];
  const closed = new Set<number>();
  const footers = repeatedLines(pages);
  pages.forEach((page, idx) => {
    const headings = headingsOf(page);
    const lines = page.text.split('\n').filter((l) => l.trim() !== '' && !TEMPLATE_LINE.test(l));
    // The heading: the first of the top lines and the title that is mostly a section name
    // ('PROBLEM > OPPORTUNITY', 'BUSINESS' + 'MODEL' on two lines); it is not body.
    const top = lines.slice(0, 4);
    // A large heading wrapped inside its word ('Solutio' over 'n') is read whole.
    const wrapped = top.length > 1 && /^\p{Ll}{1,3}$/u.test(top[1]!.trim()) ? `${top[0]!.trim()}${top[1]!.trim()}` : '';
    const candidates = [...new Set([top[0] ?? '', page.title ?? '', wrapped, top.length > 1 ? `${top[0]} ${top[1]}` : '', ...top.slice(1)].map((h) => h.trim()))].filter((h) => h !== '' && h.length <= 60);
    // A heading of parts ('Finance/Future/Asks') names each part that is a section name.
    const parts = candidates.flatMap((h) => (/[/|•]/.test(h) ? h.split(/\s*[/|•]\s*/) : [])).filter((h) => h !== '');
    const named = candidates.find((h) => headingCoverage(h) >= 0.4) ?? parts.find((h) => headingCoverage(h) >= 0.7) ?? '';
    const bodyLines = lines.filter((l) => !named.split(/\s+/).join(' ').includes(l.trim()) || l.trim() === '');
    const body = `${bodyLines.join('\n')}\n${page.notes}`;
    const pageFacts = facts.filter((f) => f.page === page.number && f.unit !== 'text');
    const substance = contentWords(bodyLines.join(' ')) >= MIN_BODY_WORDS || pageFacts.length > 0;
    // A page found to be no section (an agenda, a contact page, filler) stays none.
    const none = (noSection = false) => {
      closed.add(idx);
      out.push({ page: page.number, kinds: [], ...(noSection ? { noSection } : {}) });
    };
    // A slide listing section names, each alone on its line, is an agenda, not those sections.
    // Counted by the sections they name: 'Partnerships' over two 'screenshot' captions is no agenda.
    const sectionNames = new Set(lines.filter((l) => l.length <= 40 && headingCoverage(l) >= 0.7).flatMap((l) => RULES.filter((r) => r.heading.test(l)).map((r) => r.kind))).size;
    // A contact page ('Layla Sargent, CEO and Founder, layla@…', an address, few words) is no team slide.
    // The address footer every slide repeats makes no page a contact page.
    const own = page.text.split('\n').filter((l) => !footers.has(l.trim())).join('\n');
    const contact = idx > 0 && /[\w.-]+@[\w-]+\.\w/.test(own) && wordCount(own) < 30;
    if (FILLER.test(page.text) || sectionNames >= 4 || contact || headings.some((h) => NON_SECTION_HEADING.test(h) && h.length <= 30)) return none(true);
    // A heading over no substance (a picture) may still sit inside a run of one section.
    if (!substance) return out.push({ page: page.number, kinds: [] });
    // The sections the heading names ('Finance/Future/Asks', 'Problem > Opportunity': up to two).
    // Titles placed below or between the text ('PROPOSED SOLUTION' as a slide's last line) and a
    // second heading over part of the slide ('BUSINESS MODEL' … 'BRAND PARTNERSHIPS') count too.
    // A heading inside the text is in capitals over a sentence; one below the text is its last line.
    const trimmed = lines.map((l) => l.trim());
    const sentenceBelow = (i: number) => trimmed.slice(i + 1, i + 4).some((l) => wordCount(l) >= 5);
    const inner = trimmed.filter(
      (l, i) =>
        i > 0 && !named.includes(l) && l.length <= 40 && !/\d/.test(l) && headingCoverage(l) >= 0.7 &&
        ((i === trimmed.length - 1 && named === '') || (l === l.toUpperCase() && sentenceBelow(i))),
    );
    const fromHeading = [...new Set([...headingKinds(named), ...inner.flatMap(headingKinds)])];
    if (fromHeading.length > 0) {
      // The cover is no section unless its heading names one and it has a body.
      if (idx === 0 && n > 3 && wordCount(body) < 25) return none();
      // A page may be a second section too when its body says so plainly ('Business model'
      // over the partner channels it sells through).
      // Its words alone must say it: a figure on a 'Financial projections' page is no traction slide.
      const second = fromHeading.length === 1 ? bodyKinds(body, [], BODY_SIGNALS + 1).find((k) => k !== fromHeading[0]) : undefined;
      return out.push({ page: page.number, kinds: second ? [...fromHeading, second] : fromHeading.slice(0, 2) });
    }
    if (idx === 0 && n > 3) return none();
    // No heading names a section: the body must say it plainly.
    out.push({ page: page.number, kinds: bodyKinds(body, pageFacts).slice(0, 1) });
  });
  // 'How to implement contd.' continues the page before.
  for (let i = 1; i < out.length; i++) {
    if (out[i]!.kinds.length === 0 && headingsOf(pages[i]!).some((h) => /\b(contd?\.?|continued|cont'd)\b/i.test(h))) out[i]!.kinds = [...out[i - 1]!.kinds];
  }
  personaStories(pages, out);
  statusQuoTables(pages, out);
  const open = (i: number) => out[i]!.kinds.length === 0 && !closed.has(i);
  openingProblems(pages, out, open, facts);
  answersToProblems(pages, out, open);
  featureLists(pages, out, open);
  runsOfOneSection(pages, out, open);
  return out;
}

/** Lines (a footer, a header) that a third or more of the pages repeat, in decks of four pages or more. */
function repeatedLines(pages: readonly PageText[]): Set<string> {
  const seen = new Map<string, number>();
  for (const p of pages) for (const l of new Set(p.text.split('\n').map((x) => x.trim()))) if (wordCount(l) >= 3) seen.set(l, (seen.get(l) ?? 0) + 1);
  const min = Math.max(3, pages.length / 3);
  return new Set([...seen].filter(([, c]) => pages.length >= 4 && c >= min).map(([l]) => l));
}

/**
 * Decks open with the problem: in the first pages after the cover, before any other section,
 * a page whose body has two problem signals ('Currently, it's hard to… share… manage…') is the problem.
 */
function openingProblems(pages: readonly PageText[], out: PageSections[], open: (i: number) => boolean, facts: readonly Fact[]): void {
  for (let i = 1; i < Math.min(4, pages.length); i++) {
    if (out.slice(1, i).some((o) => o.kinds.some((k) => k !== 'problem' && k !== 'team'))) return;
    const pageFacts = facts.filter((f) => f.page === pages[i]!.number);
    if (open(i) && bodyKinds(pages[i]!.text, pageFacts, BODY_SIGNALS - 1)[0] === 'problem') out[i]!.kinds = ['problem'];
  }
}

/**
 * A table of life without the company against life with it ('Without Farmify | With
 * Farmify') compares the answer with the status quo: competition, and the solution.
 */
function statusQuoTables(pages: readonly PageText[], out: PageSections[]): void {
  pages.forEach((page, i) => {
    const m = /(?<![\p{L}])without\s+([\p{L}][\p{L}\p{N}.]{2,})/iu.exec(page.text);
    if (!m || i === 0 || /^(the|any|our|your|their|this|that|them|these|those|much|having|being)$/i.test(m[1]!)) return;
    const withIt = new RegExp(`(?<![\\p{L}])with\\s+${m[1]!.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}(?![\\p{L}])`, 'iu');
    if (!withIt.test(page.text.slice(m.index + m[0].length))) return;
    const kinds = out[i]!.kinds;
    for (const k of ['competition', 'solution'] as const) if (!kinds.includes(k) && kinds.length < 2) kinds.push(k);
  });
}

/**
 * Decks answer the problem on the next slide: the page right after a problem page that no rule
 * names and that says something (six words or more) is the solution. In the labelled decks the page
 * after the problem is the solution in 29 of 38 cases (by company); 'Meet the cure…' and
 * 'FueledBy.Us — Service designed to connect…' are answers only by their place.
 */
function answersToProblems(pages: readonly PageText[], out: PageSections[], open: (i: number) => boolean): void {
  if (pages.length < 4) return;
  for (let i = 2; i < pages.length; i++) {
    if (open(i) && out[i - 1]!.kinds.includes('problem') && wordCount(pages[i]!.text) >= 6) out[i]!.kinds = ['solution'];
  }
}

/**
 * A slide listing what the product does, in short items under a short title ('Writers:
 * WYSIWYG editor, Hosting, Import/Export, Share, Publish') is a product slide: three or more
 * items of one to five words without figures, making up most of the slide.
 */
function featureLists(pages: readonly PageText[], out: PageSections[], open: (i: number) => boolean): void {
  pages.forEach((page, i) => {
    if (i === 0 || !open(i)) return;
    const [head = '', ...items] = page.text.split('\n').map((l) => l.trim()).filter((l) => l !== '');
    if (wordCount(head) > 4) return;
    // Items, not the lines of a wrapped paragraph, a list of people ('Dr. Zara Ahmed - DNB, MBBS,') or a form's fields ('Name: ____').
    const short = items.filter((l) => wordCount(l) >= 1 && wordCount(l) <= 4 && /^[\p{Lu}\P{L}]/u.test(l) && !/\d|[.,;!?]$|[,:]|_{2,}|@|www\./.test(l));
    if (short.length >= 3 && short.length >= 0.75 * items.length) out[i]!.kinds = ['product'];
  });
}

/**
 * Decks keep a section's slides together: a page that is no section of its own between two
 * pages of one section (the screenshots between 'The app' and 'Under the hood') belongs to it.
 */
function runsOfOneSection(pages: readonly PageText[], out: PageSections[], open: (i: number) => boolean): void {
  for (let i = 1; i < pages.length - 1; i++) {
    if (!open(i)) continue;
    let j = i;
    while (j < pages.length && open(j)) j += 1;
    if (j >= pages.length) return;
    // Between the solution and the product, the pages show the product ('Meet the cure…',
    // three app screenshots, 'Under the hood').
    const before = out[i - 1]!.kinds;
    const after = out[j]!.kinds;
    const shared = before.filter((k) => after.includes(k));
    const kind = shared[0] ?? (before.includes('solution') && after.includes('product') ? 'product' : undefined);
    if (kind && j - i <= 3) for (let k = i; k < j; k++) out[k]!.kinds = [kind];
    i = j;
  }
}

/**
 * A persona story ('Meet Matt', then 'Matt spots a girl he likes…') that leads straight into a
 * problem page is part of the problem: the pages from the introduction that name the persona,
 * none of them a section of its own, up to the problem page.
 */
function personaStories(pages: readonly PageText[], out: PageSections[]): void {
  for (let i = 0; i < pages.length; i++) {
    const name = headingsOf(pages[i]!)
      .map((h) => /^[Mm]eet (\p{Lu}\p{Ll}+)\b/u.exec(h)?.[1])
      .find((n): n is string => n !== undefined && !RULES.some((r) => r.heading.test(n)));
    if (!name) continue;
    const mentions = new RegExp(`(?<![\\p{L}])${name}(?![\\p{L}])`, 'u');
    let j = i;
    while (j < pages.length && out[j]!.kinds.length === 0 && mentions.test(pages[j]!.text)) j += 1;
    if (j > i && j < pages.length && out[j]!.kinds.includes('problem')) for (let k = i; k < j; k++) out[k]!.kinds = ['problem'];
  }
}

export function collectSections(pages: readonly PageText[], classified: readonly PageSections[]): DetectedSection[] {
  const byKind = new Map<SectionKind, DetectedSection>();
  for (const c of classified) {
    for (const kind of c.kinds) {
      const page = pages.find((p) => p.number === c.page);
      const existing = byKind.get(kind);
      if (existing) existing.pages.push(c.page);
      else byKind.set(kind, { kind, title: page ? (headingsOf(page)[0] ?? null) : null, pages: [c.page] });
    }
  }
  return RULES.map((r) => byKind.get(r.kind)).filter((s): s is DetectedSection => s !== undefined);
}
