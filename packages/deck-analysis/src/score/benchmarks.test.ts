import { describe, expect, it } from 'vitest';
import { RUBRIC } from './rubric.ts';

describe('benchmark directions', () => {
  it('marks exactly the metrics where lower is better (churn, CAC payback, burn multiple)', () => {
    const lower = RUBRIC.benchmarks.filter((b) => b.lowerIsBetter).map((b) => b.id).sort();
    expect(lower).toEqual(['burnMultiple', 'churn', 'paybackMonths']);
  });

  it('orders every threshold pair in its direction (great beyond good)', () => {
    for (const b of RUBRIC.benchmarks) {
      const bars = b.byStage ? Object.values(b.byStage) : [{ good: b.good!, great: b.great! }];
      for (const bar of bars) {
        if (bar.great === null) continue;
        if (b.lowerIsBetter) expect(bar.great, b.id).toBeLessThanOrEqual(bar.good);
        else expect(bar.great, b.id).toBeGreaterThanOrEqual(bar.good);
      }
    }
  });
});
