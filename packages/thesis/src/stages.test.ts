import { describe, expect, it } from 'vitest';
import { stageOf } from './stages.ts';

describe('stageOf: free-text stages in the spec words', () => {
  it('reads the usual spellings', () => {
    expect(stageOf('seed')).toBe('Seed');
    expect(stageOf('Seed round')).toBe('Seed');
    expect(stageOf('pre-seed')).toBe('Pre-seed');
    expect(stageOf('Angel')).toBe('Pre-seed');
    expect(stageOf('series-a')).toBe('Series A');
    expect(stageOf('Series D')).toBe('Series C+');
    expect(stageOf('Series C+')).toBe('Series C+');
  });

  it('is null when it names no stage', () => {
    expect(stageOf('')).toBeNull();
    expect(stageOf('unknown')).toBeNull();
    expect(stageOf('TBD')).toBeNull();
  });
});
