import { EQUAL_WEIGHTS, SUB_SCORE_KEYS, SUB_SCORE_LABELS, type SubScoreKey } from '@fitscore/contracts';
import { describe, expect, it } from 'vitest';
import { buildAnalysis } from '../build-analysis.ts';
import type { DeckText } from '../model.ts';
import { slide } from '../testing/gaming-slides.ts';
import { slideToAdd } from './do-next.ts';
import { weightedOverall } from './weighted.ts';

const deck = (pages: Array<ReturnType<typeof slide>>): DeckText => ({ format: 'pptx', pages: pages.map((p, i) => ({ ...p, number: i + 1 })) });

// Has weak financials, go-to-market and team slides: the advice must not ask for them again.
const weakSlides = deck([
  slide('Acme Robotics', ['Warehouse robots for small retailers, rented by the month']),
  slide('The Problem', ['Small retailers lose 20% of their margin to manual picking and packing every week']),
  slide('Our Solution', ['Robots that pick and pack, rented per month, installed in one day without integration work']),
  slide('Market Size', ['TAM $40B', 'SAM $4B', 'SOM $400M', 'Source: Gartner 2024, growing at 12% CAGR']),
  slide('Product', ['Live in 40 stores since 2024; demo and screenshots at acme.example', 'Two patents filed in 2024 on the gripper', 'Roadmap: next 12 months milestones']),
  slide('Traction', ['MRR $30K, growing 12% month over month', '25 paying customers across Germany and Austria']),
  slide('Business Model', ['Subscription: $99 per month per robot', 'Gross margin 70%', 'LTV $3,600 and CAC $400']),
  slide('Competition', ['Competitors: Locus and 6 River; unlike them we need no integration and cost a third less']),
  slide('Go-to-Market', ['We sell to independent retailers in Germany through our own field team visiting stores']),
  slide('Team', ['Jane Doe leads the company and John Roe builds the robots in our Berlin workshop']),
  slide('Financials', ['We keep costs low with a small workshop and rent robots instead of selling them outright']),
  slide('Thank you', ['jane@acme.example']),
]);

describe('Do-Next', () => {
  const a = buildAnalysis(weakSlides, null);

  it('never asks for a slide the deck has; says what the slide lacks instead', () => {
    const present = ['financials', 'go-to-market', 'team'];
    for (const d of a.doNext) {
      for (const name of present) expect(d.detail, d.detail).not.toMatch(new RegExp(`\\badd an? ${name} slide`, 'i'));
    }
    const advised = a.doNext.filter((d) => ['financials', 'gtm', 'team'].includes(d.dimension));
    expect(advised.length).toBeGreaterThan(0);
    for (const d of advised) expect(d.detail).toMatch(/^Your .+ slide \(page \d+/);
  });

  it('orders the three by gain, each the exact change of the overall under the same weights', () => {
    const gains = a.doNext.map((d) => d.gain);
    expect([...gains].sort((x, y) => y - x)).toEqual(gains);
    const before = Object.fromEntries(SUB_SCORE_KEYS.map((k) => [k, a.subScores[k].score])) as Record<SubScoreKey, number>;
    expect(weightedOverall(before, EQUAL_WEIGHTS)).toBe(a.overall);
    for (const d of a.doNext) {
      // The detail names every sub-score the change moves; re-weighting them gives the gain.
      const after = { ...before };
      for (const k of SUB_SCORE_KEYS) {
        const m = new RegExp(`(?<![\\w-])${SUB_SCORE_LABELS[k]} (\\d+)/10 → (\\d+)/10`).exec(d.detail);
        if (m) after[k] = Number(m[2]);
      }
      expect(weightedOverall(after, EQUAL_WEIGHTS) - a.overall, d.detail).toBe(d.gain);
    }
  });
});


describe('the slide a Do-Next asks for', () => {
  it('takes the article its name needs', () => {
    expect(slideToAdd('ask')).toBe('an ask slide');
    expect(slideToAdd('problem')).toBe('a problem slide');
    expect(slideToAdd('gtm')).toBe('a go-to-market slide');
  });
});
