import { describe, expect, it } from 'vitest';
import { buildAnalysis } from '../build-analysis.ts';
import type { DeckText } from '../model.ts';
import { slide } from '../testing/gaming-slides.ts';
import { makeProfile } from '../testing/profiles.ts';

const deck: DeckText = {
  format: 'pptx',
  pages: [
    slide('Acme Robotics', ['Warehouse robots for small retailers, rented by the month']),
    slide('The Problem', ['Small retailers lose 20% of their margin to manual picking and packing every week']),
    slide('Our Solution', ['Robots that pick and pack, rented per month, installed in one day without integration work']),
    slide('Traction', ['MRR $150K, growing 30% month over month', '400 paying customers across Germany and Austria', 'Net revenue retention 130%', 'Customers include IKEA and Lidl']),
    slide('Competition', ['Competitors: Locus and 6 River; unlike them we need no integration and cost a third less']),
    slide('Team', ['Jane Doe, CEO & Co-founder: ten years running retail operations at Metro']),
  ].map((p, i) => ({ ...p, number: i + 1 })),
};

describe('profile and deck contradictions', () => {
  it('never lower the overall when the founder’s MRR rises (a newer, better figure costs nothing)', () => {
    const overalls = [150_000, 200_000, 400_000, 2_000_000].map((mrr) => buildAnalysis(deck, makeProfile({ stage: 'Seed', mrr, gross_margin: 70 })).overall);
    for (let i = 1; i < overalls.length; i++) expect(overalls[i], overalls.join(' -> ')).toBeGreaterThanOrEqual(overalls[i - 1]!);
  });

  it('cost a risks point when the deck states a better figure than the profile', () => {
    const consistent = buildAnalysis(deck, makeProfile({ stage: 'Seed', mrr: 150_000, gross_margin: 70 }));
    const overstated = buildAnalysis(deck, makeProfile({ stage: 'Seed', mrr: 50_000, gross_margin: 70 }));
    expect(overstated.contradictions.map((c) => c.metric)).toContain('mrr');
    expect(overstated.subScores.risks.rules.some((r) => r.id === 'risks.contradictions')).toBe(true);
    expect(consistent.subScores.risks.rules.some((r) => r.id === 'risks.contradictions')).toBe(false);
  });
});
