import type { Geography } from '@fitscore/contracts';

type Region = Exclude<Geography, 'GLOBAL'>;

/**
 * Words that place a free-text location (a founder's 'HQ location' or 'Target geography') in one
 * of a fund's regions. Country names, common abbreviations and the largest startup hubs; matched
 * as whole words, case-insensitively. Unknown places belong to no region (the fit says so).
 */
const PLACES: Record<Region, string[]> = {
  US: ['us', 'usa', 'u.s.', 'u.s.a.', 'united states', 'america', 'north america', 'san francisco', 'sf', 'bay area', 'silicon valley', 'new york', 'nyc', 'boston', 'austin', 'seattle', 'los angeles', 'chicago', 'miami', 'denver', 'california', 'texas', 'canada', 'toronto', 'vancouver'],
  EUROPE: ['europe', 'eu', 'emea', 'uk', 'united kingdom', 'england', 'london', 'ireland', 'dublin', 'france', 'paris', 'germany', 'berlin', 'munich', 'netherlands', 'amsterdam', 'spain', 'madrid', 'barcelona', 'portugal', 'lisbon', 'italy', 'milan', 'sweden', 'stockholm', 'denmark', 'copenhagen', 'norway', 'oslo', 'finland', 'helsinki', 'switzerland', 'zurich', 'austria', 'vienna', 'belgium', 'brussels', 'poland', 'warsaw', 'estonia', 'tallinn', 'czechia', 'prague', 'nordics', 'dach'],
  MENA: ['mena', 'middle east', 'uae', 'dubai', 'abu dhabi', 'saudi arabia', 'ksa', 'riyadh', 'qatar', 'doha', 'bahrain', 'kuwait', 'oman', 'jordan', 'amman', 'lebanon', 'beirut', 'israel', 'tel aviv', 'turkey', 'istanbul', 'egypt', 'cairo', 'morocco', 'casablanca', 'tunisia', 'gcc'],
  ASIA: ['asia', 'apac', 'india', 'bangalore', 'bengaluru', 'mumbai', 'delhi', 'china', 'beijing', 'shanghai', 'shenzhen', 'hong kong', 'japan', 'tokyo', 'korea', 'seoul', 'singapore', 'indonesia', 'jakarta', 'vietnam', 'thailand', 'bangkok', 'malaysia', 'philippines', 'taiwan', 'pakistan', 'southeast asia', 'australia', 'sydney', 'melbourne'],
  AFRICA: ['africa', 'nigeria', 'lagos', 'kenya', 'nairobi', 'south africa', 'cape town', 'johannesburg', 'ghana', 'accra', 'rwanda', 'kigali', 'ethiopia', 'senegal', 'dakar', 'uganda', 'tanzania', 'ivory coast'],
};

const escape = (s: string) => s.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
const MATCHERS = Object.entries(PLACES).map(([region, words]) => ({
  region: region as Region,
  pattern: new RegExp(`(^|[^a-z])(${words.map(escape).join('|')})(?=$|[^a-z])`, 'i'),
}));

/** The regions the locations name ('San Francisco, US' → US; 'Berlin and Lagos' → EUROPE, AFRICA). */
export function regionsOf(...places: string[]): Region[] {
  const text = places.join(' ; ');
  return MATCHERS.filter((m) => m.pattern.test(text)).map((m) => m.region);
}
