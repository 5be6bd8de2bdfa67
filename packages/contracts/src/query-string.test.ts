import { describe, expect, it } from 'vitest';
import { encodeQuery } from './query-string.ts';

describe('encodeQuery', () => {
  it('repeats the key for each item of an array instead of joining them', () => {
    expect(encodeQuery({ stage: ['Seed', 'Series A'], sector: ['AI, Robotics'] })).toBe(
      '?stage=Seed&stage=Series+A&sector=AI%2C+Robotics',
    );
    expect(new URLSearchParams(encodeQuery({ stage: ['Seed', 'Series A'] })).getAll('stage')).toEqual(['Seed', 'Series A']);
  });

  it('keeps numbers and booleans, and leaves out empty values and empty arrays', () => {
    expect(encodeQuery({ limit: 25, open: false, q: '', cursor: undefined, none: null, tags: [] })).toBe('?limit=25&open=false');
    expect(encodeQuery({})).toBe('');
    expect(encodeQuery(undefined)).toBe('');
  });
});
