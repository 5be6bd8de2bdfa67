import { describe, expect, it } from 'vitest';
import { asksForReasons, withReason } from './decline';

describe('asksForReasons', () => {
  it('asks when a Platform, Form or Email deal moves to Cold: their founders hear the reasons', () => {
    expect(asksForReasons({ source: 'platform', status: 'track' }, 'cold')).toBe(true);
    expect(asksForReasons({ source: 'form', status: 'new' }, 'cold')).toBe(true);
    expect(asksForReasons({ source: 'email', status: 'new' }, 'cold')).toBe(true);
  });

  it('keeps other sources, other statuses and a deal already Cold one click', () => {
    for (const source of ['upload', 'webhook'] as const)
      expect(asksForReasons({ source, status: 'hot' }, 'cold')).toBe(false);
    expect(asksForReasons({ source: 'platform', status: 'new' }, 'hot')).toBe(false);
    expect(asksForReasons({ source: 'form', status: 'cold' }, 'cold')).toBe(false);
  });
});

describe('withReason', () => {
  it('adds a typed reason once, tidied', () => {
    expect(withReason(['Outside our stage'], '  Team   too small ')).toEqual(['Outside our stage', 'Team too small']);
    expect(withReason(['Outside our stage'], 'outside our STAGE')).toEqual(['Outside our stage']);
    expect(withReason(['Outside our stage'], '   ')).toEqual(['Outside our stage']);
  });
});
