import type { Geography } from '@fitscore/contracts';
import { regionsOf } from './regions.ts';
import { stageOf } from './stages.ts';

/** The parts of a fund's thesis the fit reads. */
export interface Thesis {
  sectors: string[];
  stages: string[];
  geography: string[];
}

/**
 * Does a company match a fund's thesis? Each part is true (fits), false (outside) or null
 * (unknown: the company gives no stage or no place we recognise), which never counts as outside.
 * 'Agnostic' and 'GLOBAL' match anything; a company that says it is global fits any region.
 */
export function thesisFitOf(thesis: Thesis, company: { sector: string; stage: string; places: string[] }) {
  const place = regionsOf(...company.places);
  const stage = stageOf(company.stage);
  const sector = company.sector.trim().toLowerCase();
  return {
    sector: thesis.sectors.includes('Agnostic') || (sector !== '' && thesis.sectors.some((s) => s.toLowerCase() === sector)),
    stage: stage === null ? null : thesis.stages.includes(stage),
    geography: thesis.geography.includes('GLOBAL')
      ? true
      : !place.known
        ? null
        : place.regions.some((r) => r === 'GLOBAL' || thesis.geography.includes(r)),
    /** The company's first region, or '' when it has none we know (what the Region filter counts). */
    region: (place.regions[0] ?? '') as Geography | '',
    /** Its stage in the spec's words, or null. */
    canonicalStage: stage,
  };
}
