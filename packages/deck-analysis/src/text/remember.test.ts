import { describe, expect, it } from 'vitest';
import { buildAnalysis } from '../build-analysis.ts';
import type { DeckText } from '../model.ts';
import { rememberByText } from './remember.ts';

describe('rememberByText', () => {
  it('reads each text once and answers as the function does', () => {
    let reads = 0;
    const words = rememberByText((text: string) => {
      reads += 1;
      return text.split(' ').map((w) => ({ w }));
    });
    expect(words('a b')).toEqual([{ w: 'a' }, { w: 'b' }]);
    expect(words('a b')).toEqual([{ w: 'a' }, { w: 'b' }]);
    expect(words('c')).toEqual([{ w: 'c' }]);
    expect(reads).toBe(2);
  });

  it('refuses a change to a remembered result, so the next reader gets it as it was', () => {
    const words = rememberByText((text: string) => text.split(' ').map((w) => ({ w })));
    const first = words('a b');
    expect(() => (first as Array<{ w: string }>).push({ w: 'x' })).toThrow(TypeError);
    expect(() => {
      (first[0] as { w: string }).w = 'x';
    }).toThrow(TypeError);
    expect(words('a b')).toEqual([{ w: 'a' }, { w: 'b' }]);
  });
});

describe('scoring with remembered readings', () => {
  const deck: DeckText = {
    format: 'pptx',
    pages: [
      { number: 1, title: 'Acme Robotics', text: 'Acme Robotics\nRobots that pick and pack for small shops', notes: '', source: 'text' },
      { number: 2, title: 'Problem', text: 'Problem\nSmall retailers lose 20% of margin to manual packing and costly errors', notes: '', source: 'text' },
      { number: 3, title: 'Traction', text: 'Traction\nMRR $40K growing 12% MoM\n120 paying customers', notes: '', source: 'text' },
      { number: 4, title: 'Team', text: 'Team\nJane Doe, CEO, ex-Amazon robotics lead\nJohn Roe, CTO, PhD Stanford', notes: '', source: 'text' },
    ],
  };
  it('gives a deck the same score, facts and advice the second time as the first', () => {
    const { timings: _a, ...first } = buildAnalysis(deck, null);
    const { timings: _b, ...again } = buildAnalysis(structuredClone(deck), null);
    expect(again).toEqual(first);
    expect(first.doNext).toHaveLength(3);
  });
});
