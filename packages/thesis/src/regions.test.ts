import { describe, expect, it } from 'vitest';
import { regionsOf } from './regions.ts';

const regions = (...places: string[]) => regionsOf(...places).regions;

describe('regionsOf: free-text places in the spec regions', () => {
  it('reads countries by name, code and nickname', () => {
    expect(regions('United States')).toEqual(['US']);
    expect(regions('USA')).toEqual(['US']);
    expect(regions('UK')).toEqual(['EUROPE']);
    expect(regions('Nigeria')).toEqual(['AFRICA']);
    expect(regions('JPN')).toEqual(['ASIA']);
    expect(regions('Dubai, UAE')).toEqual(['MENA']);
  });

  it('reads country names in other languages', () => {
    expect(regions('Deutschland')).toEqual(['EUROPE']);
    expect(regions('Allemagne')).toEqual(['EUROPE']);
    expect(regions('Estados Unidos')).toEqual(['US']);
    expect(regions('Royaume-Uni')).toEqual(['EUROPE']);
    expect(regions('الإمارات العربية المتحدة')).toEqual(['MENA']);
  });

  it('reads cities, US states and hubs, with their qualifiers', () => {
    expect(regions('London, UK')).toEqual(['EUROPE']);
    expect(regions('San Francisco, CA')).toEqual(['US']);
    expect(regions('Austin, TX')).toEqual(['US']);
    expect(regions('Paris, Texas')).toEqual(['US']);
    expect(regions('Paris')).toEqual(['EUROPE']);
    expect(regions('Berlin, DE')).toEqual(['EUROPE']);
    expect(regions('Bay Area')).toEqual(['US']);
    expect(regions('California')).toEqual(['US']);
    expect(regions('Zürich, Switzerland')).toEqual(['EUROPE']);
    expect(regions('Tel Aviv')).toEqual(['MENA']);
    expect(regions('Lagos')).toEqual(['AFRICA']);
    expect(regions('Sydney')).toEqual(['ASIA']);
  });

  it('reads lists and region words', () => {
    expect(regions('Berlin and Lagos')).toEqual(['EUROPE', 'AFRICA']);
    expect(regions('Berlin, Germany', 'US, EU')).toEqual(['US', 'EUROPE']);
    expect(regions('EMEA')).toEqual(['EUROPE', 'MENA', 'AFRICA']);
    expect(regions('Global')).toEqual(['GLOBAL']);
  });

  it('tells a known place in no region from an unknown one', () => {
    expect(regionsOf('São Paulo, Brazil')).toEqual({ regions: [], known: true });
    expect(regionsOf('Atlantis')).toEqual({ regions: [], known: false });
    expect(regionsOf('')).toEqual({ regions: [], known: false });
  });
});
