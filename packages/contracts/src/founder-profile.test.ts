import { describe, expect, it } from 'vitest';
import { deriveMetrics, FounderProfileSchema, isLinkedInUrl, MetricUpdateSchema } from './founder-profile.ts';

describe('deriveMetrics (spec section 3)', () => {
  it('turns MRR into ARR, or ARR into MRR in ARR mode', () => {
    expect(deriveMetrics({ revenue_mode: 'MRR', mrr: 10_000 })).toMatchObject({ mrr: 10_000, arr: 120_000 });
    expect(deriveMetrics({ revenue_mode: 'ARR', arr: 120_000 })).toMatchObject({ mrr: 10_000, arr: 120_000 });
  });

  it('computes committed %, runway and payback', () => {
    const m = deriveMetrics({
      mrr: 50_000,
      paying_customers: 50,
      gross_margin: 80,
      cac: 4_000,
      committed_amount: 750_000,
      round_target_amount: 2_000_000,
      cash: 1_200_000,
      burn: 100_000,
    });
    // 4000 / (1000 per customer per month × 0.8) = 5 months
    expect(m).toMatchObject({ committedPct: 37.5, runwayMonths: 12, paybackMonths: 5 });
  });

  it('falls back to the stated runway and to ACV for payback, and says N/A (null) when it cannot know', () => {
    expect(deriveMetrics({ runway_months: 9 }).runwayMonths).toBe(9);
    expect(deriveMetrics({ acv_aov: 12_000, gross_margin: 50, cac: 3_000 }).paybackMonths).toBe(6);
    expect(deriveMetrics({})).toEqual({ arr: null, mrr: null, committedPct: null, runwayMonths: null, paybackMonths: null });
    expect(deriveMetrics({ cash: 100, burn: 0 }).runwayMonths).toBeNull();
  });
});

describe('the profile schema', () => {
  const base = {
    startup_name: 'Acme',
    one_liner: 'Robots',
    hq_geo: 'Berlin',
    industry: 'SaaS',
    round_target_amount: 1_000_000,
    founders: [{ name: 'A', linkedin_url: 'https://www.linkedin.com/in/a' }],
  };

  it('reports every rule in one pass, the founder rules included, with their field paths', () => {
    const result = FounderProfileSchema.safeParse({ founders: [{ name: '', linkedin_url: '' }] });
    const issues = result.error!.issues.map((i) => `${i.path.join('.')}: ${i.message}`);
    expect(issues).toEqual(
      expect.arrayContaining([
        'startup_name: Startup name is required',
        'one_liner: One-liner is required',
        'hq_geo: HQ location is required',
        'industry: Industry is required',
        'round_target_amount: Round target must be greater than 0',
        'founders.0.name: Add at least one founder',
        'founders.0.linkedin_url: LinkedIn URL is required for the primary founder',
      ]),
    );
  });

  it('accepts LinkedIn addresses with or without a scheme, and nothing else', () => {
    expect(isLinkedInUrl('linkedin.com/in/ada')).toBe(true);
    expect(isLinkedInUrl('https://uk.linkedin.com/in/ada')).toBe(true);
    expect(isLinkedInUrl('https://linkedin.com.evil.io/in/ada')).toBe(false);
    expect(isLinkedInUrl('https://twitter.com/ada')).toBe(false);
  });

  it('fills defaults a founder never sees', () => {
    const parsed = FounderProfileSchema.parse(base);
    expect(parsed).toMatchObject({ revenue_mode: 'MRR', retention_type: 'D30', competitors_list: [], mrr: null });
    expect(parsed.founders[0]!.commitment).toBe('Full-time');
  });

  it('a metrics update leaves out what it does not name (no defaults overwrite stored values)', () => {
    expect(MetricUpdateSchema.parse({ burn: 10 })).toEqual({ burn: 10 });
  });
});
