import { INDUSTRIES, INTAKE_SUBJECT_PATTERN, type Industry } from '@fitscore/contracts';

/**
 * A deal's facts read from what arrives with it: the company, its stage, sector and place, from
 * the deck's text and from an email's subject. Only reading here: what counts as a stage or a
 * place is the caller's vocabulary (packages/thesis: `stageOf`, `regionsOf`), handed in, so the
 * intake and the thesis match read places and stages the same way. Nothing here changes the
 * analysis of a deck.
 */

export interface DealFactPage {
  title: string | null;
  text: string;
}

export interface DealFactVocabulary {
  /** The spec's stage a free text names, or null ('seed round' → 'Seed'). */
  stageOf(text: string): string | null;
  /** Whether a free text names a known place (a city, country, code or region). */
  isPlace(text: string): boolean;
}

export interface DealFacts {
  companyName: string | null;
  stage: string | null;
  sector: Industry | null;
  geography: string | null;
}

const REPLY_PREFIX = /^\s*((re|fwd?|tr|aw|wg|sv|rv)\s*:\s*)+/i;
const BRACKETED = /[([{]([^()[\]{}]{1,40})[)\]}]/g;
const EDGE_PUNCTUATION = /^[\s\-–—:|/,.·•]+|[\s\-–—:|/,.·•]+$/g;
const CONNECTOR = /^\s*(for|from|of|by|to)\b\s*|\s*\b(for|from|of|by|to)\s*$/gi;

/**
 * An email subject's company and stage hint: 'Cognitii - Pitch Deck (Seed)' → Cognitii, Seed;
 * 'Fwd: Re: Pitch Deck – Acme Robotics [Series A]' → Acme Robotics, Series A. Reply and forward
 * prefixes, 'Pitch Deck' / 'Investment Deck' and bracketed words go; a bracketed or dash-separated
 * stage ('(Seed)', '- Seed round') is kept as the stage.
 */
export function subjectFacts(subject: string, vocabulary: Pick<DealFactVocabulary, 'stageOf'>): { companyName: string | null; stage: string | null } {
  let stage: string | null = null;
  let rest = subject.replace(REPLY_PREFIX, '').replace(new RegExp(INTAKE_SUBJECT_PATTERN.source, 'gi'), ' ');
  rest = rest.replace(BRACKETED, (_all, inner: string) => {
    stage ??= vocabulary.stageOf(inner);
    return ' ';
  });
  // 'Acme – Seed round', 'Seed | Acme': a short part that only names a stage.
  const parts = rest.split(/\s+[-–—|:]\s+|\s*\|\s*/).map((p) => p.trim()).filter(Boolean);
  const kept = parts.filter((part) => {
    const named = part.split(/\s+/).length <= 3 ? vocabulary.stageOf(part) : null;
    if (named && /^(pre[\s-]?seed|seed|series\s+[a-h]|angel|growth)(\s+(round|stage|funding))?$/i.test(part)) {
      stage ??= named;
      return false;
    }
    return true;
  });
  const name = cleanName(kept.join(' - '));
  return { companyName: name, stage };
}

function cleanName(text: string): string | null {
  const name = text.replace(/\s+/g, ' ').replace(EDGE_PUNCTUATION, '').replace(CONNECTOR, '').replace(EDGE_PUNCTUATION, '').trim();
  return name.length >= 2 ? name.slice(0, 200) : null;
}

/** Words on a title slide that are about the document, not the company. */
const DOCUMENT_WORDS = /\b(pitch\s*deck|investment\s*deck|investor\s*(deck|presentation|update)|presentation|confidential|deck|pitch)\b/gi;

function companyFromTitleSlide(page: DealFactPage | undefined, vocabulary: DealFactVocabulary): string | null {
  if (!page) return null;
  const lines = [page.title ?? '', ...page.text.split('\n')].map((l) => l.trim()).filter(Boolean);
  for (const line of lines) {
    const words = line.replace(DOCUMENT_WORDS, ' ').replace(/\b(19|20)\d{2}\b/g, ' ');
    const name = cleanName(words);
    if (!name || name.length > 60 || name.split(/\s+/).length > 5) continue;
    if (vocabulary.stageOf(name) && /^(pre[\s-]?seed|seed|series\s+[a-h])/i.test(name)) continue;
    if (vocabulary.isPlace(name)) continue;
    return name;
  }
  return null;
}

/** Phrases that state the round: 'raising a $2.5M seed', 'Series A round', 'Seed round pitch deck'. */
const ROUND_LINE = /\b(raising|raise|round|pre[\s-]?seed|seed|series\s+[a-h])\b/i;
const STAGE_PHRASE = /\b(pre[\s-]?seed|seed(\s+plus)?|series\s+[a-h])\b/i;

function stageFromText(pages: readonly DealFactPage[], vocabulary: DealFactVocabulary): string | null {
  for (const page of pages) {
    for (const line of page.text.split('\n')) {
      if (!ROUND_LINE.test(line)) continue;
      const phrase = STAGE_PHRASE.exec(line);
      const stage = phrase ? vocabulary.stageOf(phrase[0]) : null;
      if (stage) return stage;
    }
  }
  return null;
}

/** What a sector is called in decks, beyond its own name (whole words, lower case). */
const SECTOR_WORDS: Partial<Record<Industry, string[]>> = {
  SaaS: ['saas', 'software as a service', 'subscription software'],
  Fintech: ['fintech', 'payments', 'banking', 'lending', 'insurtech', 'neobank'],
  Healthcare: ['healthcare', 'health care', 'patients', 'clinical', 'medtech', 'digital health', 'hospital'],
  'E-commerce': ['e-commerce', 'ecommerce', 'online store', 'd2c', 'dtc'],
  EdTech: ['edtech', 'education', 'students', 'learning platform'],
  Marketplace: ['marketplace', 'two-sided'],
  'AI/ML': ['artificial intelligence', 'machine learning', 'ai-powered', 'llm', 'generative ai'],
  DevTools: ['developer tools', 'devtools', 'developers', 'api-first'],
  'Climate Tech': ['climate', 'carbon', 'decarbonisation', 'decarbonization', 'emissions'],
  Biotech: ['biotech', 'drug discovery', 'therapeutics', 'biology'],
  Logistics: ['logistics', 'warehouse', 'warehouses', 'supply chain', 'freight', 'delivery fleet', 'robots'],
  PropTech: ['proptech', 'real estate', 'property management'],
  'Crypto/Web3': ['crypto', 'web3', 'blockchain', 'defi', 'token'],
  Gaming: ['gaming', 'video game', 'games', 'esports'],
  Media: ['media', 'publishing', 'creators', 'streaming'],
  'Food & Beverage': ['food', 'beverage', 'restaurants', 'grocery'],
  Manufacturing: ['manufacturing', 'factory', 'factories', 'industrial'],
  Energy: ['energy', 'solar', 'battery', 'batteries', 'grid'],
};

const escape = (s: string) => s.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

/** The sector the deck speaks of most (its own name counts twice), or null when none is named. */
function sectorFromText(pages: readonly DealFactPage[]): Industry | null {
  const text = ` ${pages.map((p) => `${p.title ?? ''}\n${p.text}`).join('\n').toLowerCase()} `;
  let best: { sector: Industry; count: number } | null = null;
  for (const sector of INDUSTRIES) {
    if (sector === 'Other') continue;
    const own = sector.toLowerCase();
    let count = 0;
    for (const word of new Set([own, ...(SECTOR_WORDS[sector] ?? [])])) {
      const hits = text.match(new RegExp(`(?<![\\p{L}\\p{N}])${escape(word)}(?![\\p{L}\\p{N}])`, 'gu'))?.length ?? 0;
      count += word === own ? hits * 2 : hits;
    }
    if (count > 0 && (!best || count > best.count)) best = { sector, count };
  }
  return best?.sector ?? null;
}

/** 'Based in Berlin, Germany', 'HQ: London', 'Headquartered in Austin, TX', 'Offices in Lagos'. */
const PLACE_PHRASE = /\b(?:based in|headquartered in|headquarters:?|hq:?|offices? in|located in)\s+([^.;\n]{2,60})/i;

/** 'a Berlin-based team', 'San Francisco-based': the capitalised words just before '-based'. */
const BASED_PLACE = /((?:\p{Lu}[\p{L}.']*\s+){0,2}\p{Lu}[\p{L}.']*)-based\b/gu;

/** A place the text states as where the company is ('based in …', 'HQ: …', '…-based'), or null. */
function statedPlace(pages: readonly DealFactPage[], vocabulary: DealFactVocabulary): string | null {
  for (const page of pages) {
    const phrase = PLACE_PHRASE.exec(page.text);
    const place = phrase?.[1]?.trim().replace(/[\s,]+$/, '');
    if (place && vocabulary.isPlace(place)) return place;
    for (const [, words] of page.text.matchAll(BASED_PLACE)) {
      // 'Our London-based team': the longest run of those words, ending at '-based', that is a place.
      const parts = words!.split(/\s+/);
      for (let i = 0; i < parts.length; i += 1) {
        const candidate = parts.slice(i).join(' ');
        if (vocabulary.isPlace(candidate)) return candidate;
      }
    }
  }
  return null;
}

function geographyFromText(pages: readonly DealFactPage[], vocabulary: DealFactVocabulary): string | null {
  const stated = statedPlace(pages, vocabulary);
  if (stated) return stated;
  // A title slide often names the city on a line of its own.
  const first = pages[0];
  for (const line of first ? first.text.split('\n') : []) {
    const candidate = line.trim();
    if (candidate.length >= 2 && candidate.length <= 60 && candidate.split(/\s+/).length <= 5 && vocabulary.isPlace(candidate)) return candidate;
  }
  return null;
}

/**
 * The company, stage, sector and place a deck states: the title slide's name (document words
 * such as 'Pitch Deck' and years removed), the round it raises, the sector it speaks of most,
 * and where it is based. Each is null when the deck does not say.
 */
export function dealFactsFromDeck(pages: readonly DealFactPage[], vocabulary: DealFactVocabulary): DealFacts {
  return {
    companyName: companyFromTitleSlide(pages[0], vocabulary),
    stage: stageFromText(pages, vocabulary),
    sector: sectorFromText(pages),
    geography: geographyFromText(pages, vocabulary),
  };
}

/** A sector the sender names by its own name ('fintech', 'SaaS'), the one named most; null when none is. */
function sectorNamedIn(text: string): Industry | null {
  const lower = ` ${text.toLowerCase()} `;
  let best: { sector: Industry; count: number } | null = null;
  for (const sector of INDUSTRIES) {
    if (sector === 'Other') continue;
    const count = lower.match(new RegExp(`(?<![\\p{L}\\p{N}])${escape(sector.toLowerCase())}(?![\\p{L}\\p{N}])`, 'gu'))?.length ?? 0;
    if (count > 0 && (!best || count > best.count)) best = { sector, count };
  }
  return best?.sector ?? null;
}

/**
 * The stage, sector and place an email's own words state ('we are raising a $2M seed round', 'a
 * Berlin-based fintech'): the round it raises, a sector named by its name, and a place stated as
 * where the company is. Stricter than a deck's reading (no lone place line, which in an email is a
 * signature; no sector from loose words): a message says less, and says other things.
 */
export function messageFacts(text: string, vocabulary: DealFactVocabulary): Omit<DealFacts, 'companyName'> {
  const pages = [{ title: null, text }];
  return { stage: stageFromText(pages, vocabulary), sector: sectorNamedIn(text), geography: statedPlace(pages, vocabulary) };
}
