import type { Fact, SectionKind } from '@fitscore/contracts';
import type { PageText } from '../model.ts';
import { rememberByText } from '../text/remember.ts';
import { isAgendaOrFiller } from './sections.ts';

/**
 * Qualitative signals: founder background (exits, notable employers, degrees) and
 * topics a rubric rule asks for (why now, roadmap, moat, pricing, channels...). Each
 * hit keeps its page and the line it was read from.
 */

export interface TopicHit {
  page: number;
  quote: string;
}

export const TOPICS = {
  whyNow: /\bwhy now\b|timing is right|the time is now|tailwinds?|inflection point/i,
  roadmap: /\broadmap\b|next (12|18|24) months|\bmilestones?\b|\bphase [1-3]\b/i,
  moat: /\bmoat\b|\bpatent(s|ed)?\b|\bproprietary\b|network effects?|defensib|barriers? to entry|\bIP\b|trade secret|exclusive (partnership|license|access)/i,
  differentiation: /differentiat|\bunlike\b|\bonly (platform|solution|company)\b|competitive advantage|\bunique\b|first[- ]to[- ]market|\b10x (better|faster|cheaper)\b/i,
  // A price for something ('$1 to see each new match', '€9 per seat') or a tier list.
  pricing: /[$€£]\s?\d[\d.,]*\s?(to|for|per|each|a|\/)\s|per (month|user|seat|year|license|transaction|order)|\/ ?(mo|month|user|seat|yr)\b|subscription|commission|take rate|transaction fee|freemium|pricing tiers?|\btiers?\b|licen[cs]e fee/i,
  // Advertising earns only when the company sells it ('advertising revenue', 'advertisers pay'); 'advertising
  // our brand' or an advertising budget is marketing spend.
  revenueModel: /subscription|\bSaaS\b|commission|take rate|transaction fees?|licens(e|ing)|advertis(ing|ement) (revenue|income|sales|slots?|space)|revenue from (ads|advertis\w+)|\badvertisers?\b|\bsell(s|ing)? (ads|advertis\w+)|ad[- ]supported|ad revenue|freemium|marketplace fee|usage[- ]based|per[- ]seat|recurring revenue|revenue streams?|in-app purchases?|paid (plans?|tiers?)|premium (plans?|tiers?|features)/i,
  channels: /\bSEO\b|\bSEM\b|content marketing|social media|paid (ads|acquisition|social|search)|influencers?|direct sales|sales team|inside sales|field sales|channel partners?|resellers?|referrals?|word of mouth|partnerships?|app stores?|product[- ]led|\bPLG\b|community|events|trade shows|email marketing|outbound|inbound|distribution partners?/gi,
  demo: /\bdemo\b|screenshots?|\blive (in|on|now)\b|\blaunched\b|\bbeta\b|\bMVP\b|app store|google play|available (on|in|now)|\b(is|are|now|already|running|deployed|live) in production\b|\bv1\b|prototype/i,
  // In users' hands: a demo, a screenshot or a prototype is shown, not yet live. 'In production' needs
  // its subject ('is in production'): 'an increase in production' is a factory's output.
  live: /\blive (in|on|now|with)\b|\b(is|went|now) live\b|\blaunched\b|\bbeta\b|\bMVP\b|(on|in) (the )?app store|google play|available (on|in|now)|\b(is|are|now|already|running|deployed|live) in production\b|\bv1\b|\bpilots? (with|at|in)\b/i,
  useOfFunds: /use of (funds|proceeds)|allocation of funds|funds will be used|we will use|\d+\s?% (for|to|on) (product|engineering|sales|marketing|hiring|R&D|operations)/i,
  projections: /projections?|forecast|\bplan(ned)?\b.*\b20[2-3]\d\b|\b(FY|CY)\s?\d{2,4}\b|break[- ]?even|\bEBITDA\b/i,
  riskMitigation: /\brisks?\b.*\b(mitigat|address|reduce|manage)|mitigat(e|ion)|risk factors|contingenc/i,
  regulation: /regulat|compliance|\bHIPAA\b|\bGDPR\b|\bFDA\b|\bCE mark|licen[cs]ed|\bSEBI\b|\bRBI\b|\bSEC\b|\bKYC\b|\bAML\b|certif(ied|ication)|\bISO ?\d{4,5}\b/i,
  socialProof: /customers include|trusted by|partnered with|partnership with|backed by|featured in|award|winner|accelerator|incubat|\bY ?Combinator\b|\bTechstars\b|testimonial|case study|as seen (in|on)/i,
  icp: /target (customers?|market|audience|users|segment)|ideal customer|\bICP\b|customer (segment|persona)|persona|who (we serve|it'?s for)|for (small|medium|mid-sized|large|enterprise) (businesses|companies)|\bSMBs?\b|\bSMEs?\b/i,
  problemQuantified: /(\d[\d,.]*\s?(%|percent|billion|million|hours?|days?|\$|€|£)|\$\s?\d)/i,
  competitors: /competitors?|competition|\bvs\.?\b|versus|alternatives?|incumbents?/i,
} as const;
export type Topic = keyof typeof TOPICS;

/** The topics a line names (remembered: scoring reads each line ten times). */
const topicsOf = rememberByText((line: string): readonly Topic[] =>
  (Object.keys(TOPICS) as Topic[]).filter((t) => {
    TOPICS[t].lastIndex = 0;
    return TOPICS[t].test(line);
  }),
);

const NUMBER_WORD = /\d|\b(one|two|three|four|five|six|seven|eight|nine|ten|dozens?)\b/i;

/**
 * Buzzwords earn nothing without specifics: 'patent-pending proprietary AI' is a claim,
 * 'two EU patents filed in 2024' or 'exclusive licence with Siemens' is evidence; 'unique'
 * or 'first to market' counts only when the line compares with someone ('unlike X', 'than',
 * 'vs') or sits on a competition slide.
 */
const SPECIFICS: Partial<Record<Topic, (line: string, page: PageText) => boolean>> = {
  moat: (line) => NUMBER_WORD.test(line) || /\b(with|from) [A-Z][\p{L}]+/u.test(line) || /network effects? (from|as|because|where)/i.test(line),
  differentiation: (line, page) =>
    /\b(unlike|than|vs\.?|versus|compared (to|with)|whereas|instead of)\b/i.test(line) || /\bcompetit/i.test(`${page.title ?? ''} ${page.text.split('\n').slice(0, 3).join(' ')}`),
};

const wordsIn = (s: string) => (s.match(/\p{L}{2,}/gu) ?? []).length;

/**
 * A heading is no evidence: a capitalised line without a figure that is at most four words
 * long, or keeps fewer than three words without the topic's own words ('Demo', 'THE PRODUCT
 * DEMO (BETA)', 'Pricing', 'FAST TIER', 'THE ROADMAP'), counts only when the rest of its
 * slide carries a figure, a date or a link ('In-app Purchases' over '$1 to see each new
 * match'; 'THE ROADMAP' over '2025 Pilot'). A fragment of a sentence ('(unlike a yellow-cab)')
 * is not a heading.
 */
/**
 * A slide number beside a heading ('Competitive Advantages 10', '4 Market') is no figure. A number
 * before a word in lower case counts something ('2 matches exposed for free').
 */
const withoutSlideNumber = (line: string) => line.replace(/^\s*\d{1,2}\s+(?=\p{Lu})|(?<=\p{L})\s+\d{1,2}\s*$/gu, ' ').trim();

export function isBareHeading(raw: string, re: RegExp): boolean {
  const line = withoutSlideNumber(raw);
  if (/\d/.test(line)) return false;
  const first = /\p{L}/u.exec(line)?.[0];
  if (!first || first === first.toLowerCase()) return false;
  // A line broken by the layout ('Commission from' / 'partner facilities') is not a heading.
  if (/\b(from|of|and|or|to|for|with|by|in|on|the|a|an)\s*[&,]?\s*$|[&,]\s*$/i.test(line)) return false;
  if (wordsIn(line) <= 4) return true;
  const flags = re.flags.includes('g') ? re.flags : `${re.flags}g`;
  return wordsIn(line.replace(new RegExp(re.source, flags), ' ')) < 3;
}

const FIGURE_OR_LINK = /\d|https?:\/\/|\bwww\./i;

/** The rest of the slide backs a heading with a figure, a date, a link, or another line on the same topic (a list of revenue streams). */
function slideSupports(page: PageText, hit: string, re: RegExp): boolean {
  return page.text.split('\n').some((l) => {
    if (l === hit) return false;
    re.lastIndex = 0;
    return (FIGURE_OR_LINK.test(withoutSlideNumber(l)) && !/^\s*\d{1,2}\s*$/.test(l)) || re.test(l);
  });
}

/**
 * A slide that is only the ask (a budget or a use of funds) says what the money will buy:
 * revenue-model and pricing words there are spending, not income ('Startup Registration and
 * Licensing ... Rs. 2 lakh'), and a prototype or a launch there is a plan, not a product shown
 * ('Jetson Nano Board ... Rs.8900 ... Prototype').
 */
const NOT_ON_ASK: ReadonlySet<Topic> = new Set(['revenueModel', 'pricing', 'demo', 'live']);

export function findTopics(pages: readonly PageText[], sectionsByPage: ReadonlyMap<number, SectionKind[]> = new Map()): Map<Topic, TopicHit[]> {
  const out = new Map<Topic, TopicHit[]>();
  for (const page of pages) {
    if (isAgendaOrFiller(page)) continue;
    const lines = [...page.text.split('\n'), ...page.notes.split('\n')];
    const kinds = sectionsByPage.get(page.number) ?? [];
    const askOnly = kinds.length > 0 && kinds.every((k) => k === 'ask');
    for (const topic of Object.keys(TOPICS) as Topic[]) {
      const re = TOPICS[topic];
      if (askOnly && NOT_ON_ASK.has(topic)) continue;
      for (const line of lines) {
        if (!topicsOf(line).includes(topic)) continue;
        re.lastIndex = 0;
        if (isBareHeading(line, re) && !slideSupports(page, line, re)) continue;
        re.lastIndex = 0;
        const specific = SPECIFICS[topic];
        if (specific && !specific(line, page)) continue;
        const hits = out.get(topic) ?? [];
        if (hits.length < 12) hits.push({ page: page.number, quote: line.slice(0, 160) });
        out.set(topic, hits);
        break;
      }
    }
  }
  return out;
}

/** Distinct acquisition channels named anywhere in the deck. */
export function channelsNamed(pages: readonly PageText[]): string[] {
  const names = new Set<string>();
  for (const page of pages) {
    for (const m of `${page.text}\n${page.notes}`.matchAll(TOPICS.channels)) names.add(m[0].toLowerCase().replace(/s$/, ''));
  }
  return [...names].sort();
}

const NOTABLE_COMPANIES = [
  'Google', 'Alphabet', 'Microsoft', 'Apple', 'Amazon', 'AWS', 'Meta', 'Facebook', 'Netflix', 'Uber', 'Airbnb', 'Stripe',
  'McKinsey', 'BCG', 'Boston Consulting Group', 'Bain', 'Goldman Sachs', 'Morgan Stanley', 'J.P. Morgan', 'JPMorgan', 'Tesla',
  'SpaceX', 'IBM', 'Oracle', 'Salesforce', 'Intel', 'Nvidia', 'NVIDIA', 'LinkedIn', 'Twitter', 'PayPal', 'Spotify', 'Shopify',
  'Deloitte', 'PwC', 'KPMG', 'Accenture', 'Infosys', 'TCS', 'Wipro', 'Flipkart', 'Samsung', 'Siemens', 'Bosch', 'SAP', 'Adobe',
  'Cisco', 'Qualcomm', 'Palantir', 'OpenAI', 'DeepMind', 'Anthropic', 'Dropbox', 'Slack', 'Atlassian', 'Revolut', 'Klarna',
  'Zomato', 'Swiggy', 'Paytm', 'Ola', 'Grab', 'Gojek', 'Alibaba', 'Tencent', 'ByteDance', 'Booking.com', 'Expedia', 'eBay',
  'Yahoo', 'Snap', 'Pinterest', 'Square', 'Block', 'Coinbase', 'Instacart', 'DoorDash', 'Lyft', 'Zoom', 'HubSpot', 'Twilio',
  'Databricks', 'Snowflake', 'NASA', 'CERN', 'Unilever', 'Procter & Gamble', 'P&G', 'Nike', 'BlackRock', 'Citi', 'HSBC',
  'Barclays', 'UBS', 'Credit Suisse', 'Visa', 'Mastercard', 'American Express',
];

const TOP_SCHOOLS = [
  'Stanford', 'MIT', 'Harvard', 'Oxford', 'Cambridge', 'Berkeley', 'Caltech', 'Princeton', 'Yale', 'Columbia', 'Wharton',
  'INSEAD', 'LSE', 'London School of Economics', 'Imperial College', 'ETH', 'EPFL', 'Carnegie Mellon', 'CMU', 'IIT', 'IIM',
  'IISc', 'BITS Pilani', 'Tsinghua', 'Peking University', 'NUS', 'University of Toronto', 'Waterloo', 'Cornell', 'UCLA',
  'Georgia Tech', 'HEC', 'Technion', 'TU Munich', 'TUM', 'Kellogg', 'Booth', 'Sloan',
];

const ROLE = /\b(CEO|CTO|COO|CFO|CPO|co-?founder|founder|head of|VP|director|engineer|manager|lead|partner|scientist)\b/i;

const DEGREE_RE = /\b(Ph\.? ?D|PhD|MBA|M\.?Sc|B\.?Sc|B\.? ?Tech|M\.? ?Tech|B\.?E\b|M\.?D\b|J\.?D\b|Master'?s|Bachelor'?s|doctorate|MS in|BS in|BA in|MA in)/;
const EXIT_RE =
  /\b([Ee]xited [A-Z][\w.&-]+|[Ee]xit to [A-Z][\w.&-]+|[Aa]cquired by [A-Z][\w.&-]+|[Ww]as acquired by [A-Z][\w.&-]+|[Ss]old (?:his|her|their|my|our|the|a)? ?(?:company|startup|business) [A-Z]?[\w.&-]* ?to [A-Z][\w.&-]+|[Pp]reviously (?:founded|co-?founded|started|built) [A-Z][\w.&-]+|IPO of [A-Z][\w.&-]+)/;

function escapeRe(s: string): string {
  return s.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
}

const COMPANY_RES = NOTABLE_COMPANIES.map((name) => ({ name, re: new RegExp(`(?<![\\p{L}])${escapeRe(name)}(?![\\p{L}])`, 'u') }));
const SCHOOL_RES = TOP_SCHOOLS.map((name) => ({ name, re: new RegExp(`(?<![\\p{L}])${escapeRe(name)}(?![\\p{L}])`, 'u') }));

/**
 * Founder signals as facts. Employers and degrees count on team pages (or on lines that
 * say 'ex-', 'formerly'...), so a slide listing Google as a competitor is no signal.
 */
export function founderSignals(pages: readonly PageText[], sectionsByPage: ReadonlyMap<number, SectionKind[]>): Omit<Fact, 'id'>[] {
  const out: Omit<Fact, 'id'>[] = [];
  const seen = new Set<string>();
  const add = (kind: Fact['kind'], label: string, page: number, quote: string) => {
    const key = `${kind}|${label.toLowerCase()}`;
    if (seen.has(key)) return;
    seen.add(key);
    out.push({ kind, value: 1, unit: 'text', currency: null, period: null, label, page, quote: quote.slice(0, 160), source: 'deck' });
  };
  for (const page of pages) {
    const onTeamPage = sectionsByPage.get(page.number)?.includes('team') ?? false;
    for (const line of [...page.text.split('\n'), ...page.notes.split('\n')]) {
      if (EXIT_RE.test(line) && (onTeamPage || /founder|\bCEO\b|\bCTO\b|\bwe\b|our team/i.test(line))) {
        add('priorExit', EXIT_RE.exec(line)?.[0] ?? 'exit', page.number, line);
      }
      // Off the team slide, a name-drop counts only in a line about someone's role ('our CTO, ex-Google').
      if (!onTeamPage && !(/\bex[- ]|former|previously|worked at|alum/i.test(line) && ROLE.test(line))) continue;
      for (const { name, re } of COMPANY_RES) if (re.test(line)) add('notableCompany', name, page.number, line);
      const degree = DEGREE_RE.exec(line);
      if (degree) add('degree', degree[0], page.number, line);
      for (const { name, re } of SCHOOL_RES) if (re.test(line)) add('degree', name, page.number, line);
    }
  }
  return out;
}

// A founder title: 'Co-Founder (CTO)', 'CEO, Founder', 'Founder & CEO', 'Jane Doe - Founder'.
const FOUNDER_TITLE = /(^|[,&/|(–—-]\s?|\b(and|&)\s)(co-?\s?founder|founder)\b|^\s*(co-?\s?founder|founder)\b|\b(co-?\s?founder|founder)\s*(\(|&|,|\/|$)/i;

/** A line that is a person's name and nothing else ('Pierre-Olivier Latour', '– Yash Pratap'). */
const PERSON = /^[\s\-–—•●*]*(\p{Lu}[\p{Ll}'’]+(?:-\p{Lu}?\p{Ll}+)?)(\s+\p{Lu}[\p{Ll}'’]+(?:-\p{Lu}?\p{Ll}+)?){1,2}\s*$/u;
// A heading over the founders' names: 'Founders', '● Founders', 'Founding team'.
const FOUNDERS_HEADING = /^[\s\-–—•●*]*(the\s+)?(co-?\s?founders|founders|founding team)\s*:?\s*$/i;
const GROUP_END = /^[\s\-–—•●*]*(advisors?|advisory board|board|mentors?|investors?|team|employees|partners)\s*:?\s*$/i;
const NOT_FOUNDER_LINE = /@|\bas a (co-?)?founder\b|\bfounders?\s+(of|at)\b|\bex[-:]/i;

/** The name on a founder's title line ('Rahul Kumar (Founder): 60 %', 'Founder: Rahul Kumar'), if it names one. */
function nameOnTitleLine(line: string): string | null {
  const parts = line.split(/[(:,|–—]|\s-\s|\bco-?\s?founders?\b|\bfounders?\b/i).map((x) => x.trim()).filter((x) => x !== '');
  return parts.find((x) => PERSON.test(x)) ?? null;
}

/**
 * People titled founder or co-founder, counted per page (one per person: by the name on or beside
 * the title line, else one per title line; names listed under a 'Founders' heading count too), on
 * team pages or, where a title line names the person, on any page. The deck's count is the page
 * that shows most founders (a team page first, then the earliest), with the line of its first.
 */
export function foundersInDeck(
  pages: readonly PageText[],
  sectionsByPage: ReadonlyMap<number, SectionKind[]>,
): { count: number; page: number | null; quote: string } {
  let best: { count: number; page: number | null; quote: string; team: boolean } = { count: 0, page: null, quote: '', team: false };
  for (const p of pages) {
    const team = sectionsByPage.get(p.number)?.includes('team') ?? false;
    const lines = p.text.split('\n').map((l) => l.trim());
    const people = new Set<string>();
    let quote = '';
    let underHeading = FOUNDERS_HEADING.test(p.title ?? '') && team;
    for (const [i, line] of lines.entries()) {
      // Advisors and board members listed below the team are not founders.
      if (/^\s*(advisors?|advisory board|board|mentors?|investors?)\s*:?\s*$/i.test(line.replace(/^[\s\-–—•●*]+/, ''))) break;
      if (FOUNDERS_HEADING.test(line)) {
        underHeading = team;
        continue;
      }
      if (GROUP_END.test(line)) underHeading = false;
      if (line.length < 120 && FOUNDER_TITLE.test(line) && !NOT_FOUNDER_LINE.test(line)) {
        const named = nameOnTitleLine(line);
        const beside = [lines[i - 1], lines[i + 1]].find((l) => l !== undefined && PERSON.test(l) && !FOUNDER_TITLE.test(l));
        if (!named && !team) continue;
        people.add((named ?? beside ?? `line ${i}`).replace(/^[\s\-–—•●*]+/, '').toLowerCase());
        if (quote === '') quote = line;
      } else if (underHeading && PERSON.test(line)) {
        people.add(line.replace(/^[\s\-–—•●*]+/, '').toLowerCase());
        if (quote === '') quote = line;
      }
    }
    const better = people.size > best.count || (people.size === best.count && people.size > 0 && team && !best.team);
    if (better) best = { count: people.size, page: p.number, quote, team };
  }
  return { count: best.count, page: best.page, quote: best.quote };
}
