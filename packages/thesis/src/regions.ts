import { GEOGRAPHIES, type Geography } from '@fitscore/contracts';
import cityTimezones from 'city-timezones';
import { continents, countries, type TCountryCode } from 'countries-list';
import isoCountries from 'i18n-iso-countries';
import { createRequire } from 'node:module';

/** Where a free-text place lies, in the spec's regions; `known` is false when no word of it was recognised. */
export interface PlaceRegions {
  regions: Geography[];
  known: boolean;
}

/**
 * The regions of the spec are not continents: MENA spans Asia and Africa (the World Bank's
 * Middle East and North Africa, with Turkey, as funds there use it); 'US' is North America's
 * two markets; Oceania belongs to Asia-Pacific, as the pipeline's 'APAC' says. South and Central
 * America and the Caribbean are known places in none of them.
 */
const MENA = new Set(['AE', 'BH', 'DZ', 'EG', 'IL', 'IQ', 'IR', 'JO', 'KW', 'LB', 'LY', 'MA', 'OM', 'PS', 'QA', 'SA', 'SY', 'TN', 'TR', 'YE']);
const US_MARKET = new Set(['US', 'CA', 'PR', 'GU', 'VI', 'AS', 'MP', 'UM']);

function regionOfCountry(code: string): Geography | null {
  if (MENA.has(code)) return 'MENA';
  if (US_MARKET.has(code)) return 'US';
  switch (countries[code as TCountryCode]?.continent) {
    case 'EU':
      return 'EUROPE';
    case 'AS':
    case 'OC':
      return 'ASIA';
    case 'AF':
      return 'AFRICA';
    default:
      return null;
  }
}

/** Lower case, accents off, punctuation to spaces: 'São Paulo' and 'Sao-Paulo' read alike. */
export function normalisePlace(text: string): string {
  return text
    .normalize('NFKD')
    .replace(/\p{M}/gu, '')
    .toLowerCase()
    .replace(/[^\p{L}\p{N}]+/gu, ' ')
    .trim();
}

/**
 * Names that are no country's official name in any language of the data set: nicknames of
 * countries and of the largest startup hubs, and the words funds use for regions.
 */
const COUNTRY_ALIASES: Record<string, string> = {
  uk: 'GB', 'great britain': 'GB', britain: 'GB', england: 'GB', scotland: 'GB', wales: 'GB', 'northern ireland': 'GB',
  usa: 'US', 'u s': 'US', 'u s a': 'US', us: 'US', america: 'US', 'united states of america': 'US',
  'bay area': 'US', 'sf bay area': 'US', 'silicon valley': 'US', sf: 'US', nyc: 'US', 'new york city': 'US',
  holland: 'NL', bangalore: 'IN', bombay: 'IN', gurgaon: 'IN', munchen: 'DE', koln: 'DE', uae: 'AE', emirates: 'AE', ksa: 'SA', 'south korea': 'KR', korea: 'KR',
};
const REGION_WORDS: Record<string, Geography[]> = {
  europe: ['EUROPE'], eu: ['EUROPE'], 'european union': ['EUROPE'], nordics: ['EUROPE'], dach: ['EUROPE'], cee: ['EUROPE'], benelux: ['EUROPE'],
  mena: ['MENA'], 'middle east': ['MENA'], gcc: ['MENA'], 'gulf': ['MENA'], 'north africa': ['MENA'],
  asia: ['ASIA'], apac: ['ASIA'], 'asia pacific': ['ASIA'], 'southeast asia': ['ASIA'], sea: ['ASIA'], oceania: ['ASIA'], anz: ['ASIA'],
  africa: ['AFRICA'], 'sub saharan africa': ['AFRICA'], 'east africa': ['AFRICA'], 'west africa': ['AFRICA'],
  emea: ['EUROPE', 'MENA', 'AFRICA'],
  global: ['GLOBAL'], worldwide: ['GLOBAL'], international: ['GLOBAL'], anywhere: ['GLOBAL'],
};

/** The continents' names (countries-list) as regions; South America and Antarctica lie in none. */
const CONTINENT_REGIONS: Record<string, Geography[]> = { AF: ['AFRICA'], AN: [], AS: ['ASIA'], EU: ['EUROPE'], NA: ['US'], OC: ['ASIA'], SA: [] };
for (const [code, name] of Object.entries(continents)) REGION_WORDS[normalisePlace(name)] ??= CONTINENT_REGIONS[code] ?? [];

interface Candidate {
  country: string;
  /** 3: a country's name or code; 2: a city (by population); 1: a state or province. */
  strength: number;
  pop: number;
}

const require = createRequire(import.meta.url);
/** Country names in every language i18n-iso-countries ships, official and alternative, plus ISO codes. */
const COUNTRY_NAMES = new Map<string, string>();
const CITIES = new Map<string, Map<string, number>>();
const PROVINCES = new Map<string, Set<string>>();
/** US state codes ('CA', 'TX'): read only beside a city, where they qualify it ('Austin, TX'). */
const US_STATE_CODES = new Set<string>();

function buildIndex() {
  for (const lang of isoCountries.getSupportedLanguages()) {
    isoCountries.registerLocale(require(`i18n-iso-countries/langs/${lang}.json`));
    for (const [code, names] of Object.entries(isoCountries.getNames(lang, { select: 'all' }))) {
      for (const name of names) {
        const key = normalisePlace(name);
        if (key && !COUNTRY_NAMES.has(key)) COUNTRY_NAMES.set(key, code);
      }
    }
  }
  for (const [alpha3, alpha2] of Object.entries(isoCountries.getAlpha3Codes())) COUNTRY_NAMES.set(alpha3.toLowerCase(), alpha2);
  for (const [code, country] of Object.entries(countries)) {
    COUNTRY_NAMES.set(normalisePlace(country.native), code);
  }
  for (const [alias, code] of Object.entries(COUNTRY_ALIASES)) COUNTRY_NAMES.set(alias, code);
  for (const city of cityTimezones.cityMapping) {
    for (const name of [city.city, city.city_ascii]) {
      const key = normalisePlace(name);
      const byCountry = CITIES.get(key) ?? new Map<string, number>();
      byCountry.set(city.iso2, Math.max(byCountry.get(city.iso2) ?? 0, city.pop));
      CITIES.set(key, byCountry);
    }
    const province = normalisePlace(city.province ?? '');
    if (province) PROVINCES.set(province, (PROVINCES.get(province) ?? new Set()).add(city.iso2));
    if (city.iso2 === 'US' && city.state_ansi) US_STATE_CODES.add(city.state_ansi.toLowerCase());
  }
}

/** Every country a part of a place can name, strongest reading first. */
function candidatesOf(part: string, besideACity: boolean): Candidate[] {
  const found: Candidate[] = [];
  const isCode = part.length === 2;
  if (isCode && besideACity && US_STATE_CODES.has(part)) found.push({ country: 'US', strength: 3, pop: 0 });
  const country = isCode ? (isoCountries.isValid(part.toUpperCase()) ? part.toUpperCase() : COUNTRY_NAMES.get(part)) : COUNTRY_NAMES.get(part);
  if (country) found.push({ country, strength: 3, pop: 0 });
  for (const [code, pop] of CITIES.get(part) ?? []) found.push({ country: code, strength: 2, pop });
  for (const code of PROVINCES.get(part) ?? []) found.push({ country: code, strength: 1, pop: 0 });
  return found.sort((a, b) => b.strength - a.strength || b.pop - a.pop);
}

const best = (list: Candidate[]) => list[0]?.country;

/**
 * The country one place names ('London, UK'; 'Austin, TX'; 'Paris, Texas'): its comma parts
 * qualify each other, so the country they agree on wins; else the widest part (the last) decides.
 */
function countryOfPlace(parts: string[]): string | undefined {
  const firstIsCity = CITIES.has(parts[0] ?? '');
  const readings = parts.map((p, i) => candidatesOf(p, i > 0 && firstIsCity)).filter((c) => c.length);
  if (!readings.length) return undefined;
  const shared = readings.reduce((acc, list) => acc.filter((c) => list.some((o) => o.country === c.country)));
  if (shared.length) {
    const strongest = readings.flat().filter((c) => shared.some((s) => s.country === c.country));
    return best(strongest.sort((a, b) => b.strength - a.strength || b.pop - a.pop));
  }
  return best(readings[readings.length - 1]!);
}

const LIST_SEPARATORS = /\s*(?:[;|/&+\n]|\band\b|\bor\b|\bund\b|\bet\b)\s*/iu;

/**
 * The spec's regions a free-text place lies in: countries and their codes in any language of the
 * i18n-iso-countries data set, cities and states of the city-timezones data set, and the words
 * funds use for regions ('EMEA', 'Bay Area', 'UK'). 'Berlin and Lagos' → EUROPE, AFRICA.
 */
export function regionsOf(...texts: string[]): PlaceRegions {
  if (!COUNTRY_NAMES.size) buildIndex();
  const regions = new Set<Geography>();
  let known = false;
  for (const place of texts.flatMap((t) => t.split(LIST_SEPARATORS))) {
    const whole = normalisePlace(place);
    if (!whole) continue;
    const named = REGION_WORDS[whole];
    if (named) {
      known = true;
      named.forEach((r) => regions.add(r));
      continue;
    }
    const parts = place.split(/[,()]|\s+-\s+/).map(normalisePlace).filter(Boolean);
    const regionPart = parts.map((p) => REGION_WORDS[p]).find(Boolean);
    const country = countryOfPlace(parts.filter((p) => !REGION_WORDS[p]));
    // A region word qualifies nothing ('US, EU'; 'Berlin, Europe'): it always counts.
    regionPart?.forEach((r) => regions.add(r));
    const region = country && regionOfCountry(country);
    if (region) regions.add(region);
    if (country || regionPart) known = true;
  }
  return { regions: GEOGRAPHIES.filter((g) => regions.has(g)), known };
}
