import { describe, expect, it } from 'vitest';
import { countLabel, laterArrivals, sourceSummary } from './labels';

const at = (channel: 'form' | 'email' | 'webhook', receivedAt: string) => ({
  channel,
  receivedAt,
  deckLink: null,
  note: '',
});

describe('a deal that arrived through several channels', () => {
  it('shows its first channel and how many more', () => {
    expect(sourceSummary({ source: 'form', sources: [at('form', '2026-11-20T10:00:00Z')] })).toBe('Form');
    expect(
      sourceSummary({
        source: 'form',
        sources: [
          at('form', '2026-11-20T10:00:00Z'),
          at('email', '2026-11-21T10:00:00Z'),
          at('webhook', '2026-11-22T10:00:00Z'),
        ],
      }),
    ).toBe('Form +2');
  });

  it('lists each later arrival with its channel', () => {
    const lines = laterArrivals({ sources: [at('form', '2026-11-20T10:00:00Z'), at('email', '2026-11-21T10:00:00Z')] });
    expect(lines).toHaveLength(1);
    expect(lines[0]).toMatch(/^Also received by Email on /);
  });
});

describe('a count of the list', () => {
  it('is exact, or shows the cap with a + once a broad search reached it', () => {
    expect(countLabel(42, null)).toBe('42');
    expect(countLabel(100000, null)).toBe('100000');
    expect(countLabel(99, 100)).toBe('99');
    expect(countLabel(100, 100)).toBe('100+');
    expect(countLabel(1000, 1000)).toBe('1,000+');
  });
});
