import { describe, expect, it } from 'vitest';
import { digestPeriods } from './digest.ts';

const at = (iso: string) => new Date(iso);

describe("digest periods: the member's day and week, from the digest hour on their clock", () => {
  it('UTC (no zone chosen) is as before: the UTC date from the hour, the week from Monday at the hour', () => {
    // Saturday 2026-11-28.
    expect(digestPeriods(at('2026-11-28T06:59:59Z'), 7)).toEqual({ daily: null, weekly: 'week of 2026-11-23' });
    expect(digestPeriods(at('2026-11-28T07:00:00Z'), 7)).toEqual({ daily: '2026-11-28', weekly: 'week of 2026-11-23' });
    expect(digestPeriods(at('2026-11-28T07:00:00Z'), 7, 'UTC')).toEqual(digestPeriods(at('2026-11-28T07:00:00Z'), 7));
    // Monday before the hour: neither this week's nor today's yet.
    expect(digestPeriods(at('2026-11-30T06:00:00Z'), 7)).toEqual({ daily: null, weekly: null });
    expect(digestPeriods(at('2026-11-30T07:00:00Z'), 7)).toEqual({ daily: '2026-11-30', weekly: 'week of 2026-11-30' });
  });

  it('west of UTC (New York, UTC-5 in winter): the local date, from 7:00 local = 12:00 UTC', () => {
    const ny = 'America/New_York';
    // 02:30 UTC on the 29th is 21:30 on the 28th in New York: the 28th's digest, not the 29th's.
    expect(digestPeriods(at('2026-11-29T02:30:00Z'), 7, ny).daily).toBe('2026-11-28');
    expect(digestPeriods(at('2026-11-29T11:59:59Z'), 7, ny).daily).toBeNull();
    expect(digestPeriods(at('2026-11-29T12:00:00Z'), 7, ny).daily).toBe('2026-11-29');
    // 04:00 UTC on Monday the 30th is still Sunday evening in New York: last week's.
    expect(digestPeriods(at('2026-11-30T04:00:00Z'), 7, ny)).toEqual({ daily: '2026-11-29', weekly: 'week of 2026-11-23' });
    // Monday 7:00 in New York is 12:00 UTC: the week opens then, not at 07:00 UTC.
    expect(digestPeriods(at('2026-11-30T07:00:00Z'), 7, ny)).toEqual({ daily: null, weekly: null });
    expect(digestPeriods(at('2026-11-30T11:59:00Z'), 7, ny)).toEqual({ daily: null, weekly: null });
    expect(digestPeriods(at('2026-11-30T12:00:00Z'), 7, ny)).toEqual({ daily: '2026-11-30', weekly: 'week of 2026-11-30' });
    // Summer time (UTC-4): 7:00 local is 11:00 UTC.
    expect(digestPeriods(at('2026-07-01T10:59:00Z'), 7, ny).daily).toBeNull();
    expect(digestPeriods(at('2026-07-01T11:00:00Z'), 7, ny).daily).toBe('2026-07-01');
  });

  it('east of UTC (Tokyo, UTC+9): the local day starts before the UTC one', () => {
    const tokyo = 'Asia/Tokyo';
    // 22:00 UTC on Sunday the 29th is 07:00 on Monday the 30th in Tokyo.
    expect(digestPeriods(at('2026-11-29T21:59:59Z'), 7, tokyo)).toEqual({ daily: null, weekly: null });
    expect(digestPeriods(at('2026-11-29T22:00:00Z'), 7, tokyo)).toEqual({ daily: '2026-11-30', weekly: 'week of 2026-11-30' });
    // Half-hour zones count too: 7:00 in Kolkata (UTC+5:30) is 01:30 UTC.
    expect(digestPeriods(at('2026-11-30T01:29:00Z'), 7, 'Asia/Kolkata').daily).toBeNull();
    expect(digestPeriods(at('2026-11-30T01:30:00Z'), 7, 'Asia/Kolkata').daily).toBe('2026-11-30');
  });

  it('a day whose digest hour a clock change skips opens at the hour after it; midnight is the whole day', () => {
    // New York springs forward on 2026-03-08: 02:00 local never happens, 01:59 EST is followed by 03:00 EDT (07:00 UTC).
    expect(digestPeriods(at('2026-03-08T06:59:00Z'), 2, 'America/New_York').daily).toBeNull();
    expect(digestPeriods(at('2026-03-08T07:00:00Z'), 2, 'America/New_York').daily).toBe('2026-03-08');
    expect(digestPeriods(at('2026-11-29T00:00:00Z'), 0, 'Europe/Berlin').daily).toBe('2026-11-29');
    expect(digestPeriods(at('2026-11-28T23:00:00Z'), 0, 'Europe/Berlin').daily).toBe('2026-11-29');
    expect(digestPeriods(at('2026-11-28T22:59:59Z'), 0, 'Europe/Berlin').daily).toBe('2026-11-28');
  });
});
